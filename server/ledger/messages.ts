/** The refusals of the card and withdrawal rules (server/bankCard/cards.ts, server/withdrawal/withdrawals.ts), asserted by tests/server/money.test.ts. */
import { MAX_CARDS } from '#contract/ledger';
import { WITHDRAWAL_RULE_TEXT } from '#contract/text/ledger';

export const LEDGER_TEXT = {
  cardTaken: '该银行卡已绑定',
  cardLimit: `最多绑定 ${MAX_CARDS} 张银行卡`,
  cardHasPendingWithdrawal: '该银行卡有尚未打款的提现，打款或驳回后才能删除',
  cardNotFound: '银行卡不存在或已删除',
  withdrawalNotFound: '提现申请不存在',
  withdrawalAlreadyReviewed: '该提现申请已处理',
  ownWithdrawal: '不能审核自己的提现申请',
  notASalesperson: '当前账户不是销售，没有收支账户',
  overBalance: (balance: string) => `提现金额超过可提现余额（¥${balance}）`,
  ...WITHDRAWAL_RULE_TEXT,
  tooManyPending: (count: number) => `已有 ${count} 笔提现待审核，请等审核后再申请`,
  rejectedNote: (reason: string) => `提现驳回，金额退回：${reason}`,
  requestedNote: '提现申请，金额冻结',
  cardNumberInvalid: '卡号校验未通过，请核对卡号',
  insufficientBalance: '可提现余额不足',
  notASalespersonAccount: '该账户不是销售',
} as const;
