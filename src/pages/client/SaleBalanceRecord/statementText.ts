/** 月度对账单's words (./StatementModal.tsx, the screen's button, the tests). */
export const STATEMENT_TEXT = {
  open: '月度对账单',
  title: '月度对账单',
  month: '月份',
  entries: (n: number) => `本月共 ${n} 笔收支`,
} as const;
