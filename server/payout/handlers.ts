/** `payout/*` (打款批次); the rules live in server/payout/payouts.ts. */
import type { CallHandlers } from '../context';
import { cancelBatch, createBatch, listBatches, markBatchPaid } from './payouts';

export const payoutHandlers = {
  'payout/list': listBatches,
  'payout/create': createBatch,
  'payout/markPaid': markBatchPaid,
  'payout/cancel': cancelBatch,
} satisfies Partial<CallHandlers>;
