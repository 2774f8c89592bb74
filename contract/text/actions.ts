/**
 * The titles of the sensitive operations (contract/capabilities.ts `ACTIONS`): the hidden action
 * menus the seed creates under their screen's menu. Kept out of `ACTIONS`, which every console page
 * loads for its access flags, as only the server's menu seed shows them.
 */
import type { Action } from '../capabilities';

export const ACTION_TITLES: Record<Action, string> = {
  canCreateAccount: '新建账号',
  canSetRoles: '设置角色',
  canSetAccountStatus: '启用 / 停用',
  canResetPassword: '重置密码',
  canSetSale: '设为销售',
  canExportAccounts: '导出',
  canConfirmOrder: '确认收款',
  canRefundOrder: '退款',
  canApproveWithdrawal: '通过提现',
  canRejectWithdrawal: '驳回提现',
  canForceUnbindShop: '强制解绑',
  canApproveScript: '审核脚本',
  canForceLogout: '强制下线',
  canExportOrders: '导出',
  canExportWithdrawals: '导出',
  canExportSales: '导出',
  canExportShops: '导出',
  canExportAuditLog: '导出操作日志',
  canExportLoginLog: '导出',
  canExportSecurityEvents: '导出',
  canExportLedger: '导出',
  canExportReferrals: '导出',
  canExportPluginRuns: '导出',
  canExportAllPluginRuns: '导出',
  canControlPluginRuns: '暂停与节奏',
  canSetParameters: '修改参数',
  canRunReconciliation: '立即对账',
  canCreatePayout: '组批',
  canPayPayout: '确认打款',
  canExportPayout: '导出打款文件',
  canDecideReferralReviews: '通过与作废',
};
