/** 导出 (contract/api/exports.ts): each list's export; what it holds is in server/exports/plans.ts. */
import type { ExportPlans } from './plan';
import {
  accountsPlan,
  allRunsPlan,
  auditLogPlan,
  ledgerPlan,
  loginLogPlan,
  securityEventsPlan,
  myRunsPlan,
  ordersPlan,
  referralsPlan,
  salesPlan,
  shopsPlan,
  withdrawalsPlan,
  bankFilePlan,
  statementPlan,
} from './plans';

/** A plan for every export of the contract: a missing one, or one of a path outside it, fails tsc. */
export const EXPORT_PLANS = {
  'account/export': accountsPlan,
  'order/export': ordersPlan,
  'withdrawal/export': withdrawalsPlan,
  'sale/export': salesPlan,
  'shop/exportAll': shopsPlan,
  'auditLog/export': auditLogPlan,
  'loginLog/export': loginLogPlan,
  'securityEvent/export': securityEventsPlan,
  'ledger/export': ledgerPlan,
  'promotion/export': referralsPlan,
  'run/export': myRunsPlan,
  'run/exportAll': allRunsPlan,
  'payout/export': bankFilePlan,
  'ledger/statementExport': statementPlan,
} satisfies ExportPlans;
