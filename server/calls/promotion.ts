/** `promotion/*` and `account/inviter`: 推广中心 (server/promotion/referrals.ts). */
import { defineCall } from '../http/calls';
import { inviterOf, listReferrals, promotionSummary, subjectOf } from '../promotion/referrals';

export const promotionCalls = [
  defineCall('promotion/summary', async ({ db, body, account, snapshot, config }) =>
    promotionSummary(db, await subjectOf(db, account, snapshot, body.saleId), config.businessTimeZone),
  ),
  defineCall('promotion/referrals', async ({ db, body, account, snapshot }) =>
    listReferrals(db, await subjectOf(db, account, snapshot, body.saleId), body),
  ),
  defineCall('account/inviter', ({ db, body }) => inviterOf(db, body.inviteCode)),
];
