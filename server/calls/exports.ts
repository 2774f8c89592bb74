/** 导出 (contract/api/exports.ts): each list's export; what it holds is in server/exports/plans.ts. */
import { defineExport } from '../http/exports';
import {
  accountsPlan,
  auditLogPlan,
  ledgerPlan,
  loginLogPlan,
  ordersPlan,
  referralsPlan,
  salesPlan,
  shopsPlan,
  withdrawalsPlan,
} from '../exports/plans';

export const EXPORTS = [
  defineExport('account/export', accountsPlan),
  defineExport('order/export', ordersPlan),
  defineExport('withdrawal/export', withdrawalsPlan),
  defineExport('sale/export', salesPlan),
  defineExport('shop/exportAll', shopsPlan),
  defineExport('auditLog/export', auditLogPlan),
  defineExport('loginLog/export', loginLogPlan),
  defineExport('ledger/export', ledgerPlan),
  defineExport('promotion/export', referralsPlan),
];
