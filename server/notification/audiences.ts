/**
 * Who belongs to a role-based audience: decided from the reader's grants when it reads (and when its
 * stream is matched), never stored per account. An account granted 提现审批 later sees the requests
 * still pending; one whose grant is taken away no longer sees them.
 */
import { ACTIONS, CAPABILITY_URLS } from '#contract/capabilities';
import type { NotificationAudience } from '#contract/notifications';
import { grantsOrderStaff } from '../order/staff';
import type { RbacSnapshot } from '../rbac/snapshot';
import type { Reader } from './inbox';

const MEMBERSHIP: Record<NotificationAudience, (urls: ReadonlySet<string>) => boolean> = {
  'withdrawal-approvers': (urls) => urls.has(CAPABILITY_URLS.canSeeWithdrawalApprova),
  'order-confirmers': grantsOrderStaff,
  everyone: () => true,
  'script-approvers': (urls) => urls.has(ACTIONS.canApproveScript.url),
  'script-editors': (urls) => urls.has(CAPABILITY_URLS.canSeeJsonEditer),
  'reconciliation-watchers': (urls) => urls.has(CAPABILITY_URLS.canSeeReconciliation),
};

/** The audiences of an account holding the granted menu `urls`. */
export function audiencesOf(urls: ReadonlySet<string>): NotificationAudience[] {
  return (Object.keys(MEMBERSHIP) as NotificationAudience[]).filter((audience) => MEMBERSHIP[audience](urls));
}

/** The reader of a request: its account and the audiences of the grants the request was checked against. */
export function readerOf(account: { id: number; roleIds: readonly number[] }, snapshot: RbacSnapshot): Reader {
  return { accountId: account.id, audiences: audiencesOf(snapshot.forRoles(account.roleIds).urls) };
}
