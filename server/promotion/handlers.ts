/** `promotion/*`: 推广中心's summary and referrals (server/promotion/referrals.ts). */
import type { CallHandlers } from '../context';
import { listReferrals, promotionSummary } from './referrals';

export const promotionHandlers = {
  'promotion/summary': promotionSummary,
  'promotion/referrals': listReferrals,
} satisfies Partial<CallHandlers>;
