/** `promotion/*` and `account/inviter`: 推广中心 (server/promotion/referrals.ts). */
import { CODES } from '#contract/codes';
import type { CallHandlers } from '../http/calls';
import { Refusal } from '../refusal';
import { admitLookup } from '../promotion/lookupLimit';
import { inviterOf, listReferrals, promotionSummary, subjectOf } from '../promotion/referrals';

export const promotionHandlers = {
  'promotion/summary': async ({ db, body, account, snapshot, config }) =>
    promotionSummary(db, await subjectOf(db, account, snapshot, body.saleId), config.businessTimeZone),
  'promotion/referrals': async ({ db, body, account, snapshot }) =>
    listReferrals(db, await subjectOf(db, account, snapshot, body.saleId), body),
  'account/inviter': async ({ db, body, config, ip }) => {
    if (!(await admitLookup(db, ip, config.authRateLimitPerMinute))) throw new Refusal(CODES.TOO_MANY_REQUESTS);
    return inviterOf(db, body.inviteCode);
  },
} satisfies Partial<CallHandlers>;
