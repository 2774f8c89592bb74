/** `promotion/*` and the register page's inviter lookup: the rules live in server/promotion/referrals.ts. */
import type { CallHandlers } from '../http/calls';
import { inviterOf, listReferrals, promotionSummary } from '../promotion/referrals';

export const promotionHandlers = {
  'promotion/summary': promotionSummary,
  'promotion/referrals': listReferrals,
  'account/inviter': inviterOf,
} satisfies Partial<CallHandlers>;
