/**
 * 打款批次 (issue 32): approved withdrawals are gathered into a batch, paid from its bank file and
 * marked paid together (server/payout/payouts.ts). No TypeBox here: the screens import it.
 */

/** `open`: gathered, waiting to be paid; `paid`: marked paid (its withdrawals too). */
export const PAYOUT_BATCH_STATUSES = ['open', 'paid'] as const;
export type PayoutBatchStatus = (typeof PAYOUT_BATCH_STATUSES)[number];

/** The most withdrawals one batch gathers (one bank file). */
export const MAX_BATCH_WITHDRAWALS = 500;

/** A monthly statement's month, `YYYY-MM`. */
export const STATEMENT_MONTH_PATTERN = '^[0-9]{4}-(0[1-9]|1[0-2])$';
