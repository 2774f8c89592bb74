/** `referralReview/*` (推荐审核); the checks at registration are in ./checks.ts. */
import type { CallHandlers } from '../context';
import { clearReferral, listReferralReviews, voidReferral } from './reviews';

export const referralReviewHandlers = {
  'referralReview/list': listReferralReviews,
  'referralReview/clear': clearReferral,
  'referralReview/void': voidReferral,
} satisfies Partial<CallHandlers>;
