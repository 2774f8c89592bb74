/** 推荐审核's reviews (tests/web/referralReviews.test.tsx). */
import type { ReferralReview } from '#contract/api/referralReview';

export const review = (id: number, more: Partial<ReferralReview> = {}): ReferralReview => ({
  id,
  status: 'open',
  flags: ['sameNetwork', 'emailPattern'],
  memberId: 30 + id,
  memberName: `li_new${id}`,
  memberEmail: `li+${id}@example.com`,
  salespersonId: 7,
  salespersonName: 'sale_li',
  ip: '203.0.113.7',
  userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0',
  registeredAt: '2026-11-28T09:12:00.000Z',
  heldCents: 2_990,
  heldCommissions: 1,
  decidedBy: null,
  decidedAt: null,
  note: '',
  ...more,
});
export const page = <T extends object>(list: T[]) => ({ list, total: list.length, current: 1, pageSize: 20 });
