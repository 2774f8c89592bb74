/** 打款批次 and the monthly statement in words: shared by the screens and the server's files. */
import type { PayoutBatchStatus } from '../payouts';

export const PAYOUT_STATUS_LABELS: Record<PayoutBatchStatus, string> = {
  open: '待打款',
  paid: '已打款',
};

/** A withdrawal's reference in a bank file and on the screens. */
export const payoutReference = (withdrawalId: number) => `提现申请 #${withdrawalId}`;
/** A batch as people name it. */
export const batchName = (batchId: number) => `打款批次 #${batchId}`;

/** The lines of a monthly statement (月度对账单), in order. */
export const STATEMENT_LINES = {
  openingCents: '期初余额',
  commissionCents: '佣金收入',
  reversalCents: '佣金冲回与扣回',
  withdrawalCents: '提现',
  adjustmentCents: '调整',
  closingCents: '期末余额',
} as const;
export type StatementLine = keyof typeof STATEMENT_LINES;
