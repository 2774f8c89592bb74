/** `promotion/*` and `account/inviter`: 推广中心 (server/promotion/referrals.ts). */
import { CODES } from '#contract/codes';
import { defineCall } from '../http/calls';
import { Refusal } from '../refusal';
import { admitLookup } from '../promotion/lookupLimit';
import { inviterOf, listReferrals, promotionSummary, subjectOf } from '../promotion/referrals';

export const promotionCalls = [
  defineCall('promotion/summary', async ({ db, body, account, snapshot, config }) =>
    promotionSummary(db, await subjectOf(db, account, snapshot, body.saleId), config.businessTimeZone),
  ),
  defineCall('promotion/referrals', async ({ db, body, account, snapshot }) =>
    listReferrals(db, await subjectOf(db, account, snapshot, body.saleId), body),
  ),
  defineCall('account/inviter', async ({ db, body, config, ip }) => {
    if (!(await admitLookup(db, ip, config.authRateLimitPerMinute))) throw new Refusal(CODES.TOO_MANY_REQUESTS);
    return inviterOf(db, body.inviteCode);
  }),
];
