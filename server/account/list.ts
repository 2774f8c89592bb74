/**
 * The users screen's page of accounts (`account/list`) and its CSV export: the filters and the
 * queries that keep the first page of a `%text%` search fast at 100,000 accounts (issue 5, point 8;
 * `bench/users-list.ts`).
 *
 * Its statements stay raw `sql`: they are the account search, whose statement shapes (the filters
 * on `accounts a`, the capped counts, the page of ids then its details) and plans are tuned by hand.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AccountListPage, AccountListQuery, RoleRef } from '#contract/api/account';
import { membershipOf } from '../auth/membership';
import type { Db } from '../db/client';
import { pageOf } from '../db/paging';
import { containsPattern, type DriverValue, queryOne, queryRows, toIso } from '../db/query';
import type { accounts, membershipLevels } from '../db/schema';
import { holdsNoneOf, mayManage, rolesBeyond } from '../rbac/authority';
import type { CallContext } from '../context';

/** Beyond this many matches of a text search the total is answered as "at least" (totalCapped). */
export const SEARCH_COUNT_CAP = 1000;

/**
 * pg_trgm extracts a trigram from a run of three letters or digits (ASCII ones in every locale);
 * other texts (one or two characters, punctuation) go through the username's character grams.
 */
const HAS_TRIGRAM = /[A-Za-z0-9]{3}/;
/** account_search_grams splits its pairs on \x01 (migration 0006): such a text can not use it. */
const GRAM_SEPARATOR = '\x01';

interface ListFilters {
  where: SQL;
  /** `where` with the grams condition of a short username search: the one to read through the indexes. */
  indexWhere: SQL;
  /** A `%text%` search: the total is capped and the page found through the search indexes. */
  searching: boolean;
  /** Every text filter has an index condition (trigrams, or the username's character grams). */
  indexed: boolean;
}

/**
 * The filters of a page or an export. `beyond` are the roles of accounts the caller may not see
 * (rolesBeyond): they are left out of its lists and exports.
 */
function listFilters(body: AccountListQuery, beyond: readonly number[]): ListFilters {
  const filters = [holdsNoneOf(sql`a.id`, beyond)];
  let grams: SQL | undefined;
  let indexed = true;
  if (body.username) {
    filters.push(sql`a.username ilike ${containsPattern(body.username)}`);
    if (!HAS_TRIGRAM.test(body.username)) {
      // ilike compares lowercased texts: a match has every character and pair of the searched
      // text. Only as an index condition: evaluated row by row, the grams are slow.
      if (body.username.includes(GRAM_SEPARATOR)) indexed = false;
      else grams = sql`account_search_grams(a.username) @> account_search_grams(${body.username})`;
    }
  }
  if (body.email) {
    filters.push(sql`a.email ilike ${containsPattern(body.email)}`);
    if (!HAS_TRIGRAM.test(body.email)) indexed = false;
  }
  if (body.status) filters.push(sql`a.status = ${body.status}`);
  if (body.roleId) {
    filters.push(sql`exists (select 1 from account_roles ar where ar.account_id = a.id and ar.role_id = ${body.roleId})`);
  }
  if (body.levelId !== undefined) {
    filters.push(body.levelId === 0 ? sql`a.membership_level_id is null` : sql`a.membership_level_id = ${body.levelId}`);
  }
  if (body.createdFrom) filters.push(sql`a.created_at >= ${body.createdFrom}::timestamptz`);
  if (body.createdTo) filters.push(sql`a.created_at < ${body.createdTo}::timestamptz`);
  if (body.membership === 'active') {
    filters.push(sql`a.membership_level_id is not null and (a.membership_expires_at is null or a.membership_expires_at > now())`);
  }
  const searching = Boolean(body.username || body.email);
  return {
    where: sql.join(filters, sql` and `),
    indexWhere: sql.join(grams ? [...filters, grams] : filters, sql` and `),
    searching,
    indexed: searching && indexed,
  };
}

type Level = typeof membershipLevels.$inferSelect;

export type AccountListRow = Pick<typeof accounts.$inferSelect, 'id' | 'username' | 'email' | 'status'> & {
  levelId: (typeof accounts.$inferSelect)['membershipLevelId'];
  levelName: Level['name'] | null;
  shopQuota: Level['shopQuota'] | null;
  productQuota: Level['productQuota'] | null;
  membershipExpiresAt: DriverValue;
  /** json_agg: an array, or its text with some drivers. */
  roles: RoleRef[] | string | null;
  createdAt: DriverValue;
};

/** The details of the accounts `ids` (a page), newest first; each account's roles as one JSON aggregate. */
const detailsOf = (ids: readonly number[]) => sql`
  select a.id, a.username, a.email, a.status,
         a.membership_level_id as "levelId", ml.name as "levelName", ml.shop_quota as "shopQuota", ml.product_quota as "productQuota",
         a.membership_expires_at as "membershipExpiresAt", a.created_at as "createdAt",
         coalesce((select json_agg(json_build_object('id', r.id, 'code', r.code, 'name', r.name) order by r.id)
                   from account_roles ar join roles r on r.id = ar.role_id
                   where ar.account_id = a.id), '[]'::json) as roles
  from accounts a left join membership_levels ml on ml.id = a.membership_level_id
  where a.id = any(${`{${ids.join(',')}}`}::int[])
  order by a.created_at desc, a.id desc`;

export interface AccountPage {
  rows: AccountListRow[];
  /** All matches, or more than SEARCH_COUNT_CAP when a text search matches more (capped). */
  matches: number;
  capped: boolean;
}

/** How many of the newest accounts a text search reads first (a common text is found there). */
export const RECENT_ACCOUNTS = 4000;

interface Matches {
  n: number;
  /** The page's ids among these matches, newest first. */
  ids: number[] | string | null;
}

/** The statements of a page (exported for the benchmark's EXPLAIN). */
export function accountPageStatements(body: AccountListQuery, current: number, pageSize: number, beyond: readonly number[] = []) {
  const { where, indexWhere, searching, indexed } = listFilters(body, beyond);
  const { offset } = pageOf({ current, pageSize });
  const counted = (matches: SQL) => sql`
    select count(*)::int as n, (array_agg(m.id order by m.created_at desc, m.id desc))[${offset + 1}:${offset + pageSize}] as ids
    from (${matches}) m`;
  const pageWhere = (condition: SQL) =>
    sql`select a.id from accounts a where ${condition} order by a.created_at desc, a.id desc limit ${pageSize} offset ${offset}`;
  return {
    searching,
    indexed,
    /** The page walking the created_at index. */
    walkedPage: pageWhere(where),
    count: sql`select count(*)::int as n from accounts a where ${where}`,
    /** Up to the cap + 1 matches among the newest RECENT_ACCOUNTS accounts. */
    recent: counted(sql`
      select a.id, a.created_at
      from (select id, created_at, username, email, status, membership_level_id, membership_expires_at from accounts
            order by created_at desc, id desc limit ${RECENT_ACCOUNTS}) a
      where ${where} order by a.created_at desc, a.id desc limit ${SEARCH_COUNT_CAP + 1}`),
    /** Run withSearchIndexes: up to the cap + 1 matches. */
    upToCap: counted(sql`select a.id, a.created_at from accounts a where ${indexWhere} limit ${SEARCH_COUNT_CAP + 1}`),
    /** Run withSearchIndexes: the page sorted from all matches. */
    sortedPage: pageWhere(indexWhere),
  };
}

/**
 * One page of accounts, newest first, and the number of matches.
 *
 * Without a text search the page walks the created_at index and the total is an exact count. A
 * `%text%` search counts up to SEARCH_COUNT_CAP + 1 matches, and the planner can not guess how
 * common a text is, so the search goes by what it finds:
 * 1. among the newest RECENT_ACCOUNTS accounts, more matches than the cap: the text is common
 *    (`a`): total capped, page from them;
 * 2. else the matches through the search indexes (trigrams, or the username's character grams),
 *    at most the cap + 1: a bitmap scan, whose cost follows the matches where a sequential scan
 *    reads every account to find a rare text. Up to the cap, those are all: exact total, page
 *    sorted from them;
 * 3. capped: the page is among the recent matches of step 1 when they reach it; else a text
 *    common among the recent accounts walks the created_at index, and one common in older accounts
 *    only (a band of numbered names) sorts its matches found through the indexes, where walking
 *    the created_at index would read through all the recent accounts first.
 */
export async function findAccountPage(
  db: Db,
  body: AccountListQuery,
  current: number,
  pageSize: number,
  beyond: readonly number[],
): Promise<AccountPage> {
  const statements = accountPageStatements(body, current, pageSize, beyond);
  const { searching, indexed } = statements;
  const page = async (ids: readonly number[]) => (ids.length ? queryRows<AccountListRow>(db, detailsOf(ids)) : []);
  const idsOf = (rows: Array<{ id: number }>) => rows.map((row) => row.id);
  if (!searching) {
    const ids = idsOf(await queryRows<{ id: number }>(db, statements.walkedPage));
    const counted = await queryOne<{ n: number }>(db, statements.count);
    return { rows: await page(ids), matches: Number(counted?.n ?? 0), capped: false };
  }

  const recent = await queryOne<Matches>(db, statements.recent);
  const recentMatches = Number(recent?.n ?? 0);
  const common = recentMatches > SEARCH_COUNT_CAP;
  let matches = recentMatches;
  if (!common) {
    const found = await withSearchIndexes(db, indexed, (tx) => queryOne<Matches>(tx, statements.upToCap));
    matches = Number(found?.n ?? 0);
    if (matches <= SEARCH_COUNT_CAP) return { rows: await page(idList(found?.ids)), matches, capped: false };
  }
  const recentIds = idList(recent?.ids);
  if (recentIds.length === pageSize) return { rows: await page(recentIds), matches, capped: true };
  const ids =
    common || !indexed
      ? await queryRows<{ id: number }>(db, statements.walkedPage)
      : await withSearchIndexes(db, true, (tx) => queryRows<{ id: number }>(tx, statements.sortedPage));
  return { rows: await page(idsOf(ids)), matches, capped: true };
}

/**
 * Runs `query` with bitmap scans only when the search has index conditions: the planner's guess for
 * `%text%` can not tell a rare text from a common one, and a bitmap scan's cost follows the matches.
 */
export async function withSearchIndexes<T>(db: Db, indexed: boolean, query: (tx: Db) => Promise<T>): Promise<T> {
  if (!indexed) return query(db);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)`);
    return query(tx);
  });
}

/** An int[] as the drivers hand it back: an array, or its text form `{1,2}`. */
function idList(value: number[] | string | null | undefined): number[] {
  if (!value) return [];
  if (Array.isArray(value)) return value.map(Number);
  return value.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);
}

/**
 * The accounts the users screen's filters match among those the caller may see, every page: the
 * count and the rows a page at a time, newest first.
 */
export function accountsToExport(
  { db, account, snapshot }: CallContext,
  body: Omit<AccountListQuery, 'current' | 'pageSize'>,
  pageRows: number,
) {
  const { where } = listFilters(body, rolesBeyond(snapshot, account));
  return {
    count: async () => Number((await queryOne<{ n: number }>(db, sql`select count(*)::int as n from accounts a where ${where}`))?.n ?? 0),
    async *pages() {
      let last: number | undefined;
      for (;;) {
        const after = last === undefined ? sql`` : sql`and (a.created_at, a.id) < (select created_at, id from accounts where id = ${last})`;
        const ids = await queryRows<{ id: number }>(
          db,
          sql`select a.id from accounts a where ${where} ${after} order by a.created_at desc, a.id desc limit ${pageRows}`,
        );
        if (ids.length) yield await queryRows<AccountListRow>(db, detailsOf(ids.map((row) => row.id)));
        if (ids.length < pageRows) return;
        last = ids[ids.length - 1].id;
      }
    },
  };
}

const rolesOf = (value: AccountListRow['roles']): RoleRef[] => (typeof value === 'string' ? JSON.parse(value) : value) ?? [];

/** A page of the users screen (the accounts within the caller's grants); each row says whether the caller may act on it. */
export async function listAccounts(caller: CallContext, body: AccountListQuery): Promise<AccountListPage> {
  const { db } = caller;
  const { current, pageSize } = pageOf(body);
  const beyond = rolesBeyond(caller.snapshot, caller.account);
  const { rows, matches, capped } = await findAccountPage(db, body, current, pageSize, beyond);
  return {
    list: rows.map((row) => {
      const roles = rolesOf(row.roles);
      return {
        id: row.id,
        username: row.username,
        email: row.email,
        status: row.status,
        membership: membershipOf(row),
        roles,
        createdAt: toIso(row.createdAt)!,
        manageable: mayManage(
          caller.snapshot,
          caller.account,
          row.id,
          roles.map((role) => role.id),
        ),
      };
    }),
    // Never less than what the pages shown so far prove.
    total: capped ? Math.max(SEARCH_COUNT_CAP, (current - 1) * pageSize + rows.length) : matches,
    ...(capped ? { totalCapped: true } : {}),
    current,
    pageSize,
  };
}

/** The roles of a row as the drivers hand them back. */
export const rolesOfRow = rolesOf;
