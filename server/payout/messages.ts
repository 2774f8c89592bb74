/** 打款批次's refusals (server/payout/payouts.ts), asserted by tests/server/payouts.test.ts. */
export const PAYOUT_TEXT = {
  chooseOne: '请选择要打款的提现，或给出审核时间范围（二选一）',
  notApproved: (ids: number[]) => `提现申请 #${ids.join('、#')} 不是待打款状态，或已在别的批次里`,
  noneInRange: '这段时间内没有待打款的提现',
  tooMany: (max: number) => `这段时间内待打款的提现超过 ${max} 笔，请缩短时间范围`,
  batchNotFound: '打款批次不存在',
  notOpen: '该批次已打款，不能再操作',
  ownWithdrawal: '批次中有你本人的提现，需由其他人确认打款',
} as const;
