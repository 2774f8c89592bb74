/** 推荐审核's refusals and ledger notes (./reviews.ts), asserted by tests/server/referralReviews.test.ts. */
export const REFERRAL_REVIEW_TEXT = {
  notFound: '推荐审核记录不存在',
  decided: '该推荐已处理，不能再次审核',
  voidedNote: (orderNo: string) => `推荐审核作废，取消订单 ${orderNo} 的佣金`,
} as const;
