/** 对账's refusals (server/reconciliation/reconcile.ts), asserted by tests/server/reconciliation.test.ts. */
export const RECONCILIATION_TEXT = {
  runNotFound: '对账记录不存在',
  busy: '另一次对账正在进行，请稍后再试',
  tooSoon: (seconds: number) => `上一次手动对账刚刚开始，请 ${seconds} 秒后再试`,
} as const;
