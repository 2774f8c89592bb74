/**
 * Who may approve a pending change (four-eyes, contract/review.ts): a holder of 审核脚本 (the call's
 * grant) who made no part of it. The super administrator may approve a change of their own only
 * with a reason: an emergency, audited and announced to the other approvers by the caller.
 */
import { CAPABILITY_URLS } from '#contract/capabilities';
import { REVIEW_TEXT } from '#contract/review';
import type { RbacSnapshot } from '../rbac/snapshot';
import { badParameter, Refusal } from '../refusal';
import { CODES } from '#contract/codes';

export interface Approver {
  id: number;
  username: string;
  superAdmin: boolean;
}

export function approverOf(account: { id: number; username: string; roleIds: readonly number[] }, snapshot: RbacSnapshot): Approver {
  const urls = snapshot.forRoles(account.roleIds).urls;
  return { id: account.id, username: account.username, superAdmin: urls.has(CAPABILITY_URLS.canSeeAdmin) };
}

/**
 * Refuses an approval by one of the change's `authors`, unless it is the super administrator's with a
 * reason; answers that reason (an emergency self-approval) or null (an ordinary approval).
 */
export function selfApprovalReason(approver: Approver, authors: readonly number[], reason: string | undefined): string | null {
  if (!authors.includes(approver.id)) return null;
  if (!approver.superAdmin) throw new Refusal(CODES.BAD_PARAMETERS, REVIEW_TEXT.ownChange);
  const trimmed = reason?.trim();
  if (!trimmed) throw badParameter('reason', REVIEW_TEXT.reasonRequired);
  return trimmed;
}
