/** Strings of the payout cards screen (the e2e suite reads them from here). */
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
