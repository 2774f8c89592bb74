/** The `membership` of an account as the API answers it: null when it has no level or it expired. */
import type { Membership } from '#contract/api/account';
import { toMillis } from '../db/query';

export interface MembershipColumns {
  levelId: number | null;
  levelName: string | null;
  membershipExpiresAt: unknown;
  shopQuota: number | null;
  productQuota: number | null;
}

export function membershipOf(row: MembershipColumns, now = Date.now()): Membership | null {
  if (row.levelId === null || row.levelId === undefined || !row.levelName) return null;
  const expiresAt = toMillis(row.membershipExpiresAt);
  if (expiresAt !== null && expiresAt <= now) return null;
  return {
    levelId: Number(row.levelId),
    name: row.levelName,
    expiresAt,
    shopQuota: Number(row.shopQuota ?? 0),
    productQuota: Number(row.productQuota ?? 0),
  };
}
