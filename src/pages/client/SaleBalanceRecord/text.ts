/** Strings of the ledger screen (the e2e suite reads them from here). */
export const BALANCE_TEXT = {
  balance: '可提现余额',
  held: '提现审核中',
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
