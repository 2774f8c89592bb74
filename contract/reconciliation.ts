/**
 * 对账 (issue 32): what the daily reconciliation checks for every salesperson, and how a run
 * started. The checks run in server/reconciliation/reconcile.ts; their Chinese labels are in
 * contract/text/reconciliation.ts. No TypeBox here: the screen imports it.
 */

/**
 * - `balance`: the balance kept on the salesperson row equals the sum of its ledger entries;
 * - `pending`: 待结算 kept on the row equals the sum of its commissions still held (待审核 ones too);
 * - `withdrawal`: a withdrawal's ledger entries hold its amount (nothing once rejected);
 * - `commission`: an order's commission entry is the order's amount × the rate it was paid at;
 * - `refund`: a refunded order's commission was taken back (its entries net to zero), as was one of a
 *   referral voided in 推荐审核, and no other was.
 */
export const RECONCILIATION_CHECKS = ['balance', 'pending', 'withdrawal', 'commission', 'refund'] as const;
export type ReconciliationCheck = (typeof RECONCILIATION_CHECKS)[number];

/** `daily`: the job's run of the business day; `manual`: 立即对账. */
export const RECONCILIATION_TRIGGERS = ['daily', 'manual'] as const;
export type ReconciliationTrigger = (typeof RECONCILIATION_TRIGGERS)[number];

/** A run keeps at most this many differences (its count says how many it found). */
export const MAX_STORED_DIFFERENCES = 5_000;
/** 立即对账 again within this many seconds of the last one's start is refused: a run reads every ledger entry. */
export const MANUAL_RUN_SPACING_SECONDS = 30;
