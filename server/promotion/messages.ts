/** The refusals of 推广中心 (server/promotion), asserted by tests/server/promotion.test.ts. */
export const PROMOTION_MESSAGES = {
  notASalesperson: '该账号不是销售',
  unknownInviteCode: '邀请码无效或已停用',
} as const;
