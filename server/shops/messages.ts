/** The refusals of the shop calls (server/shops/): the plug-in shows them in its 绑定失败 dialog; asserted by the shop tests and e2e. */
export const SHOP_MESSAGES = {
  noMembership: '开通会员后才能绑定店铺',
  quotaExceeded: (quota: number) => `当前会员最多绑定 ${quota} 个店铺，请先解绑其他店铺或升级会员`,
  boundElsewhere: '该店铺已被其他账号绑定',
  notFound: '店铺不存在',
  alreadyUnbound: '店铺已解绑',
} as const;
