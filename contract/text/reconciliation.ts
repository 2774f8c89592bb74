/** 对账's Chinese: the checks, the ways a run starts, the screen's words (the server's notification and the screen share them). */
import type { ReconciliationCheck, ReconciliationTrigger } from '../reconciliation';

export const RECONCILIATION_CHECK_LABELS: Record<ReconciliationCheck, string> = {
  balance: '余额与流水合计',
  pending: '待结算与未结算佣金',
  withdrawal: '提现冻结金额',
  commission: '订单佣金',
  refund: '退款佣金冲回',
};

/** What a difference of each check means, for the screen's tooltip. */
export const RECONCILIATION_CHECK_HELP: Record<ReconciliationCheck, string> = {
  balance: '销售账户上的余额应等于其全部收支流水之和',
  pending: '账户上的待结算金额应等于其仍在结算期或待审核的佣金之和',
  withdrawal: '待审核和已打款的提现应冻结其金额，被驳回的提现应全额退回',
  commission: '每笔订单的佣金应等于订单金额 × 支付时的佣金比例',
  refund: '已退款订单和已作废推荐的订单佣金应已取消或扣回（流水合计为 0），其他订单的佣金不应被冲回',
};

export const RECONCILIATION_TRIGGER_LABELS: Record<ReconciliationTrigger, string> = {
  daily: '每日自动',
  manual: '手动',
};
