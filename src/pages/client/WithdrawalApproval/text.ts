/** Strings of the withdrawal approval screen (the e2e suite reads them from here). */
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
} as const;
