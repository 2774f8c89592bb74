/**
 * 运行记录 (contract/api/run.ts): a member's own runs (`run/mine`) and, for support staff, every
 * account's (`run/list`, 插件运行记录), newest first, with the same filters; the exports read the
 * same pages (server/exports/plans.ts). Staff list only accounts whose grants are within their own
 * (./access.ts).
 */
import { and, count, desc, eq, gte, ilike, lt, sql, type SQL } from 'drizzle-orm';
import type { Page } from '#contract/api/common';
import type { RunListAllQuery, RunListItem, RunListQuery, RunSummary } from '#contract/api/run';
import type { CallContext } from '../context';
import { pageOfQuery } from '../db/paging';
import { containsPattern } from '../db/query';
import { accounts, pluginRuns } from '../db/schema';
import { withinCallersGrants } from './access';
import { toSummary } from './runs';

/** The filters both lists share. */
function runConditions(body: RunListQuery): SQL[] {
  const conditions: SQL[] = [];
  if (body.flow) conditions.push(eq(pluginRuns.flow, body.flow));
  if (body.status) conditions.push(eq(pluginRuns.status, body.status));
  if (body.startedFrom) conditions.push(gte(pluginRuns.startedAt, sql`${body.startedFrom}::timestamptz`));
  if (body.startedTo) conditions.push(lt(pluginRuns.startedAt, sql`${body.startedTo}::timestamptz`));
  return conditions;
}

/** `run/mine`: the caller's runs, newest first. */
export async function listMyRuns({ db, account }: CallContext, body: RunListQuery): Promise<Page<RunSummary>> {
  const where = and(eq(pluginRuns.accountId, account.id), ...runConditions(body));
  return pageOfQuery(
    body,
    {
      rows: db.select().from(pluginRuns).where(where).orderBy(desc(pluginRuns.id)).$dynamic(),
      count: db.select({ n: count() }).from(pluginRuns).where(where),
    },
    toSummary,
  );
}

/** `run/list`: every account's runs within the caller's grants, newest first, with the account. */
export async function listAllRuns(ctx: CallContext, body: RunListAllQuery): Promise<Page<RunListItem>> {
  const { db } = ctx;
  const where = and(
    withinCallersGrants(ctx),
    ...runConditions(body),
    ...(body.username ? [ilike(accounts.username, containsPattern(body.username))] : []),
  );
  return pageOfQuery(
    body,
    {
      rows: db
        .select({ run: pluginRuns, username: accounts.username })
        .from(pluginRuns)
        .innerJoin(accounts, eq(accounts.id, pluginRuns.accountId))
        .where(where)
        .orderBy(desc(pluginRuns.id))
        .$dynamic(),
      count: db.select({ n: count() }).from(pluginRuns).innerJoin(accounts, eq(accounts.id, pluginRuns.accountId)).where(where),
    },
    ({ run, username }) => ({ ...toSummary(run), account: { id: run.accountId, username } }),
  );
}
