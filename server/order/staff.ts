/**
 * Who may act on every account's orders, and the recharge screen's account search.
 *
 * Staff for the order list = the screen's grant plus `/admin`: they see and act on every order.
 * Anyone else sees only their own orders, and an order number that is not theirs is answered as
 * not found (never "not yours", which would tell that it exists).
 */
import { and, eq, ilike, ne, or, sql } from 'drizzle-orm';
import { CAPABILITY_URLS } from '#contract/capabilities';
import { CODES } from '#contract/codes';
import type { AccountOption, SearchAccountsBody } from '#contract/api/order';
import type { SessionAccount } from '../auth/sessions';
import { containsPattern } from '../db/query';
import { accounts, membershipLevels } from '../db/schema';
import { Refusal } from '../refusal';
import { holdsNoneOf, rolesBeyond } from '../rbac/authority';
import type { RbacSnapshot } from '../rbac/snapshot';
import type { CallContext } from '../context';

const ORDER_LIST = CAPABILITY_URLS.canSeeOrderList;

/** Whether these granted urls make order staff (also the audience of new orders' notifications). */
export const grantsOrderStaff = (urls: ReadonlySet<string>): boolean => urls.has(CAPABILITY_URLS.canSeeAdmin) && urls.has(ORDER_LIST);

/** Whether the account may see and act on every account's orders. */
export function isOrderStaff(account: SessionAccount, snapshot: RbacSnapshot): boolean {
  return grantsOrderStaff(snapshot.forRoles(account.roleIds).urls);
}

export function requireOrderStaff(account: SessionAccount, snapshot: RbacSnapshot) {
  if (!isOrderStaff(account, snapshot)) throw new Refusal(CODES.NOT_AUTHORISED);
}

const SEARCH_LIMIT = 20;

/**
 * `order/searchAccounts`: the enabled accounts the caller may recharge (not its own, none beyond
 * its grants) whose username or email contains the keyword (recharge screen).
 */
export async function searchAccounts(caller: CallContext, body: SearchAccountsBody): Promise<AccountOption[]> {
  const { db } = caller;
  const keyword = body.keyword.trim();
  const pattern = containsPattern(keyword);
  const match = keyword ? or(ilike(accounts.username, pattern), ilike(accounts.email, pattern)) : undefined;
  const rows = await db
    .select({
      id: accounts.id,
      username: accounts.username,
      email: accounts.email,
      levelName: membershipLevels.name,
      expiresAt: accounts.membershipExpiresAt,
    })
    .from(accounts)
    .leftJoin(membershipLevels, eq(membershipLevels.id, accounts.membershipLevelId))
    .where(
      and(
        eq(accounts.status, 'enabled'),
        ne(accounts.id, caller.account.id),
        holdsNoneOf(sql`${accounts.id}`, rolesBeyond(caller.snapshot, caller.account)),
        match,
      ),
    )
    .orderBy(sql`lower(${accounts.username})`)
    .limit(SEARCH_LIMIT);
  return rows.map((row) => ({ ...row, expiresAt: row.expiresAt && row.expiresAt.toISOString() }));
}
