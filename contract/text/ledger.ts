/**
 * Chinese-only, no i18n runtime (the ant-design-pro convention): a string lives inline in the
 * component that shows it, unless a test, the spec or a second screen needs it; then it lives in
 * src/locales/zh-CN/<domain>.ts, one plain object per domain. The server's refusal messages
 * live with the server (server/<domain>/messages.ts); only a sentence both the server sends and a
 * screen shows stays in contract/.
 */

import { parseLedgerReference, type HoldStatus, type LedgerKindName, type WithdrawalStatus } from '#contract/ledger';

export const LEDGER_KIND_LABELS: Record<LedgerKindName, string> = {
  commission: '佣金',
  withdrawal: '提现',
  refund: '退款冲回',
  clawback: '佣金扣回',
  adjustment: '调整',
};

export const HOLD_STATUS_LABELS: Record<HoldStatus, string> = {
  held: '待结算',
  released: '已结算',
  cancelled: '已取消',
  review: '待审核',
};

/** What a ledger entry belongs to, in words (the screen and the export; never the stored key). */
export const LEDGER_REFERENCE_TEXT = {
  order: (orderNo: string) => `订单 ${orderNo}`,
  withdrawal: (id: number) => `提现申请 #${id}`,
  opening: '期初余额',
} as const;

export function ledgerReferenceText(reference: string): string {
  const parsed = parseLedgerReference(reference);
  switch (parsed.kind) {
    case 'order':
      return LEDGER_REFERENCE_TEXT.order(parsed.orderNo);
    case 'withdrawal':
      return LEDGER_REFERENCE_TEXT.withdrawal(parsed.id);
    case 'opening':
      return LEDGER_REFERENCE_TEXT.opening;
    default:
      return parsed.text;
  }
}

export const WITHDRAWAL_STATUS_LABELS: Record<WithdrawalStatus, string> = {
  pending: '待审核',
  approved: '待打款',
  rejected: '已驳回',
  paid: '已打款',
};

/** The refusals of 系统参数's withdrawal rules: the server sends them, the withdrawal form says them before sending. */
export const WITHDRAWAL_RULE_TEXT = {
  belowMinimum: (minimum: string) => `单笔提现不能少于 ¥${minimum}`,
  notAboveFee: (fee: string) => `提现金额应大于手续费 ¥${fee}`,
  overDailyCap: (remaining: string) => `超过今日提现额度，今日还可提现 ¥${remaining}`,
} as const;

/** The payout cards screen (/client/bindCarManager); the e2e suite reads them. */
export const CARD_TEXT = {
  add: '添加银行卡',
  addTitle: '添加收款银行卡',
  holder: '持卡人',
  bank: '开户银行',
  cardNumber: '卡号',
  makeDefault: '设为默认收款卡',
  setDefault: '设为默认',
  isDefault: '默认',
  remove: '删除',
  removeConfirm: '确定删除这张银行卡吗？',
  added: '银行卡已添加',
  removed: '银行卡已删除',
  defaultSet: '已设为默认收款卡',
  empty: '还没有绑定银行卡',
  hint: '卡号只保存后四位，用于提现打款；同一张卡不能重复添加。',
} as const;

/** The ledger screen (/client/saleBalanceRecord); the e2e suite reads them. */
export const BALANCE_TEXT = {
  balance: '可提现余额',
  held: '提现处理中',
  pending: '待结算',
  pendingHint: (days: number) => `订单支付后的佣金先为待结算，${days} 天后可提现`,
  owed: '待扣回',
  owedHint: '已提现的佣金因订单退款被扣回，将从之后结算的佣金中先行抵扣',
  withdraw: '申请提现',
  withdrawTitle: '申请提现',
  card: '收款银行卡',
  amount: '提现金额',
  note: '备注',
  withdrawAll: '全部提现',
  requested: '提现申请已提交，等待审核',
  noCard: '还没有收款银行卡，请先',
  bindCard: '去绑卡',
  notSalesperson: '当前账户不是销售，没有收支记录。',
  entriesTab: '收支明细',
  withdrawalsTab: '提现记录',
  entriesEmpty: '暂无收支记录',
  withdrawalsEmpty: '暂无提现记录',
} as const;

/** The withdrawal approval screen (/client/withdrawalApproval); the e2e suite reads them. */
export const APPROVAL_TEXT = {
  approve: '通过',
  approveTitle: '确认通过该提现申请？',
  approveBody: '通过即视为已打款到对方银行卡，无法撤销。',
  approved: '已通过，提现已打款',
  reject: '驳回',
  rejectTitle: '驳回提现申请',
  reason: '驳回原因',
  reasonRequired: '请填写驳回原因',
  rejected: '已驳回，金额已退回销售余额',
  empty: '没有符合条件的提现申请',
  detailTitle: '提现详情',
  /** A notification's link opened the list on one withdrawal (`?id=`). */
  onlyOne: (id: number) => `只显示申请编号 ${id} 的提现申请`,
  showAll: '显示全部',
} as const;
