/** The refusals of the membership level calls (server/membershipLevel/levels.ts). */
export const LEVEL_MESSAGES = {
  noSuchLevel: '会员等级不存在',
  levelNameTaken: '该名称已被其他等级使用',
} as const;
