/**
 * 导出 (issue 15): each exportable list has `POST /api/admin/<domain>/export` (or `exportAll`), whose
 * body is the list's own filters (its query without `current` / `pageSize`) and `format`. The
 * answer is the file itself, streamed (CSV in UTF-8 with a BOM, or an Excel workbook), not the JSON
 * wrapper; a refusal before the file starts (A0230, A0301, A0400, more than EXPORT_MAX_ROWS rows)
 * is the usual wrapper. Each needs the list's grant plus its export action.
 */
import { Type, type Static, type TObject, type TProperties } from '@sinclair/typebox';
import { ACTIONS, CAPABILITY_URLS } from '../capabilities';
import { AccountListQuery } from './account';
import { AuditListQuery } from './auditLog';
import { EXPORT_MAX_ROWS } from '../constants';
import { Id, OneOf } from './common';
import { defineApi, type AuthLevel } from './define';
import { LedgerListQuery, StatementQuery } from './ledger';
import { LoginLogQuery } from './loginLog';
import { SecurityEventQuery } from './securityEvent';
import { OrderListQuery } from './order';
import { ReferralListQuery } from './promotion';
import { RunListAllQuery, RunListQuery } from './run';
import { SaleListQuery } from './sale';
import { ShopListAllQuery } from './shop';
import { WithdrawalListQuery } from './withdrawal';

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The list query `query` without its paging, with the file format. */
function exportBody<P extends TProperties>(query: TObject<P>) {
  const { current: _current, pageSize: _pageSize, ...filters } = query.properties;
  return Type.Object(
    { ...filters, format: OneOf(EXPORT_FORMATS, 'csv：UTF-8（带 BOM）；xlsx：Excel 工作簿') },
    { additionalProperties: false },
  );
}

/** The answer as the document shows it: the file's bytes. */
const ExportFile = Type.String({
  description: '文件内容：text/csv（UTF-8，带 BOM）或 Excel 工作簿（xlsx）；Content-Disposition 给出中文文件名',
});

const exportCall = <B extends TObject, const A extends AuthLevel>(call: { summary: string; auth: A; body: B; example: Static<B> }) =>
  defineApi({
    summary: call.summary,
    description: `符合筛选条件的全部记录（不分页），列与列表相同；超过 ${EXPORT_MAX_ROWS} 条时拒绝（A0400），请缩小筛选范围。每次导出记入操作日志。`,
    auth: call.auth,
    body: call.body,
    answer: ExportFile,
    example: { body: call.example, answer: '' },
    download: true,
  });

export const exportApi = {
  'account/export': exportCall({
    summary: '导出用户管理列表（CSV 或 Excel）',
    auth: { anyGrant: [CAPABILITY_URLS.canSeeUsersManager], action: ACTIONS.canExportAccounts.url },
    body: exportBody(AccountListQuery),
    example: { status: 'enabled', format: 'csv' },
  }),
  'order/export': exportCall({
    summary: '导出订单列表（CSV 或 Excel）：员工（另有 /admin 授权）导出全部，其他人只导出自己的',
    auth: { anyGrant: [CAPABILITY_URLS.canSeeOrderList], action: ACTIONS.canExportOrders.url },
    body: exportBody(OrderListQuery),
    example: { status: 'paid', format: 'xlsx' },
  }),
  'withdrawal/export': exportCall({
    summary: '导出提现审批列表（CSV 或 Excel）',
    auth: { anyGrant: [CAPABILITY_URLS.canSeeWithdrawalApprova], action: ACTIONS.canExportWithdrawals.url },
    body: exportBody(WithdrawalListQuery),
    example: { status: 'pending', format: 'csv' },
  }),
  'sale/export': exportCall({
    summary: '导出销售管理列表（CSV 或 Excel）',
    auth: { anyGrant: [CAPABILITY_URLS.canSeeSaleManager], action: ACTIONS.canExportSales.url },
    body: exportBody(SaleListQuery),
    example: { format: 'csv' },
  }),
  'shop/exportAll': exportCall({
    summary: '导出用户店铺管理列表（CSV 或 Excel）',
    auth: { anyGrant: [CAPABILITY_URLS.canSeeUserShopManager], action: ACTIONS.canExportShops.url },
    body: exportBody(ShopListAllQuery),
    example: { format: 'csv' },
  }),
  'auditLog/export': exportCall({
    summary: '导出操作日志（CSV 或 Excel）',
    auth: { anyGrant: [CAPABILITY_URLS.canSeeAdmin], action: ACTIONS.canExportAuditLog.url },
    body: exportBody(AuditListQuery),
    example: { format: 'csv' },
  }),
  'loginLog/export': exportCall({
    summary: '导出登录日志（CSV 或 Excel）',
    auth: { anyGrant: [CAPABILITY_URLS.canSeeLoginLog], action: ACTIONS.canExportLoginLog.url },
    body: exportBody(LoginLogQuery),
    example: { result: 'failure', format: 'csv' },
  }),
  'securityEvent/export': exportCall({
    summary: '导出安全事件（CSV 或 Excel）',
    auth: { anyGrant: [CAPABILITY_URLS.canSeeSecurityEvents], action: ACTIONS.canExportSecurityEvents.url },
    body: exportBody(SecurityEventQuery),
    example: { kind: 'forbidden', format: 'csv' },
  }),
  'ledger/export': exportCall({
    summary: '导出本人的销售收支记录（CSV 或 Excel）',
    auth: { anyGrant: [CAPABILITY_URLS.canSeeSaleBalanceRecord], action: ACTIONS.canExportLedger.url },
    body: exportBody(LedgerListQuery),
    example: { kind: 'commission', format: 'xlsx' },
  }),
  'ledger/statementExport': exportCall({
    summary: '下载本人某月的对账单（CSV 或 Excel）',
    auth: { anyGrant: [CAPABILITY_URLS.canSeeSaleBalanceRecord], action: ACTIONS.canExportLedger.url },
    body: exportBody(StatementQuery),
    example: { month: '2026-11', format: 'xlsx' },
  }),
  'payout/export': exportCall({
    summary: '导出打款批次的打款文件：收款人、开户银行、卡号（脱敏）、打款金额、参考号（CSV 或 Excel）',
    auth: { anyGrant: [CAPABILITY_URLS.canSeePayouts], action: ACTIONS.canExportPayout.url },
    body: exportBody(Type.Object({ batchId: Id({ description: '打款批次' }) })),
    example: { batchId: 7, format: 'xlsx' },
  }),
  'promotion/export': exportCall({
    summary: '导出本人邀请的账号（CSV 或 Excel）',
    auth: { anyGrant: [CAPABILITY_URLS.canSeePromotion], action: ACTIONS.canExportReferrals.url },
    body: exportBody(ReferralListQuery),
    example: { levelId: 0, format: 'csv' },
  }),
  'run/export': exportCall({
    summary: '导出本人的运行记录（CSV 或 Excel）',
    auth: { anyGrant: [CAPABILITY_URLS.canSeePluginRuns], action: ACTIONS.canExportPluginRuns.url },
    body: exportBody(RunListQuery),
    example: { flow: 'join', format: 'csv' },
  }),
  'run/exportAll': exportCall({
    summary: '导出插件运行记录（所有账号，CSV 或 Excel）',
    auth: { anyGrant: [CAPABILITY_URLS.canSeeAllPluginRuns], action: ACTIONS.canExportAllPluginRuns.url },
    body: exportBody(RunListAllQuery),
    example: { username: 'amy', status: 'failed', format: 'xlsx' },
  }),
};

export type ExportMap = typeof exportApi;
export type ExportPath = keyof ExportMap;
/** The body of the export `P`: the list's filters and the format. */
export type ExportBody<P extends ExportPath> = Static<ExportMap[P]['body']>;
