/** The refusals of the run calls (server/run/runs.ts); the console shows them, the tests assert them. */
export const RUN_MESSAGES = {
  noMembership: '开通会员后才能使用插件绑定店铺或加入达人计划',
  productIdsRequired: '加入达人计划须填写商品 ID',
  productIdsNotForFlow: '只有加入达人计划需要商品 ID',
  quotaExceeded: (quota: number, given: number) => `当前会员每次最多 ${quota} 个商品 ID，已输入 ${given} 个`,
  notFound: '运行记录不存在',
  finished: '该运行已结束，不再接收上报',
  unknownProduct: (productId: string) => `商品 ID ${productId} 不在本次运行中`,
  itemsNotForFlow: '只有加入达人计划的运行上报商品结果',
  repeatedProduct: (productId: string) => `同一批中商品 ID ${productId} 出现了多次`,
  /** Stored as the failed step's message of a run the plug-in stopped reporting into. */
  abandoned: '插件长时间未上报结果（浏览器或插件可能已关闭）',
} as const;
