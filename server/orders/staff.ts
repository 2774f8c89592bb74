/**
 * Who may act on every account's orders, and the recharge screen's account search.
 *
 * Staff for the order list = the screen's grant plus `/admin`: they see and act on every order.
 * Anyone else sees only their own orders, and an order number that is not theirs is answered as
 * not found (never "not yours", which would tell that it exists).
 */
import { sql } from 'drizzle-orm';
import { CAPABILITY_URLS } from '#contract/capabilities';
import { CODES } from '#contract/codes';
import type { AccountOption, SearchAccountsBody } from '#contract/api/order';
import type { SessionAccount } from '../auth/sessions';
import type { Executor } from '../db/client';
import { containsPattern, queryRows, toIso } from '../db/query';
import { Refusal } from '../http/respond';
import type { RbacSnapshot } from '../rbac/snapshot';

const ORDER_LIST = CAPABILITY_URLS.canSeeOrderList;

/** Whether the account may see and act on every account's orders. */
export function isOrderStaff(account: SessionAccount, snapshot: RbacSnapshot): boolean {
  const { urls } = snapshot.forRoles(account.roleIds);
  return urls.has(CAPABILITY_URLS.canSeeAdmin) && urls.has(ORDER_LIST);
}

export function requireOrderStaff(account: SessionAccount, snapshot: RbacSnapshot) {
  if (!isOrderStaff(account, snapshot)) throw new Refusal(CODES.NOT_AUTHORISED);
}

const SEARCH_LIMIT = 20;

/** `order/searchAccounts`: enabled accounts whose username or email contains the keyword (recharge screen). */
export async function searchAccounts(db: Executor, body: SearchAccountsBody): Promise<AccountOption[]> {
  const keyword = body.keyword.trim();
  const match = keyword
    ? sql`(a.username ilike ${containsPattern(keyword)} or a.email ilike ${containsPattern(keyword)})`
    : sql`true`;
  const rows = await queryRows<{ id: number; username: string; email: string; levelName: string | null; expiresAt: unknown }>(
    db,
    sql`select a.id, a.username, a.email, ml.name as "levelName", a.membership_expires_at as "expiresAt"
        from accounts a left join membership_levels ml on ml.id = a.membership_level_id
        where a.status = 'enabled' and ${match}
        order by lower(a.username) limit ${SEARCH_LIMIT}`,
  );
  return rows.map((row) => ({ ...row, expiresAt: toIso(row.expiresAt) }));
}
