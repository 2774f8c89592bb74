/** The refusals of the shop calls (server/shop/): the plug-in shows them in its 绑定失败 dialog; asserted by the shop tests and e2e. */
export const SHOP_MESSAGES = {
  noMembership: '开通会员后才能绑定店铺',
  quotaExceeded: (quota: number) => `当前会员最多绑定 ${quota} 个店铺，请先解绑其他店铺或升级会员`,
  boundElsewhere: '该店铺已被其他账号绑定',
  /** The report's bind id is unknown, another account's, used or expired. */
  bindNotStarted: '绑定已过期或未从控制台发起，请在控制台重新点击绑定店铺',
  notFound: '店铺不存在',
  alreadyUnbound: '店铺已解绑',
  nameRequired: '店铺名称不能为空',
} as const;
