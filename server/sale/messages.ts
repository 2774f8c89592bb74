/** The refusals of 销售管理 (server/sale/salespeople.ts). */
export const SALE_MESSAGES = {
  noSuchSale: '该账号不是销售',
  saleRemoved: '该销售已删除',
} as const;
