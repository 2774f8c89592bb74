/**
 * What each export (contract/api/exports.ts) holds: the list's own filters and rows (the same
 * queries as its screen's list call), and the columns with the screen's Chinese titles
 * (contract/text/exports.ts), enum values in Chinese, money in yuan and times in BUSINESS_TZ
 * (server/http/exports.ts formats the `money` and `time` columns).
 */
import type { AccountShopItem } from '#contract/api/shop';
import type { AuditItem } from '#contract/api/auditLog';
import type { LedgerEntry } from '#contract/api/ledger';
import type { LoginLogItem } from '#contract/api/loginLog';
import type { SecurityEventItem } from '#contract/api/securityEvent';
import { SECURITY_EVENT_KIND_LABELS } from '#contract/text/securityEvents';
import type { OrderItem } from '#contract/api/order';
import type { Referral } from '#contract/api/promotion';
import type { SaleItem } from '#contract/api/sale';
import type { RunListItem, RunSummary } from '#contract/api/run';
import type { Withdrawal } from '#contract/api/withdrawal';
import { maskedCard } from '#contract/ledger';
import { formatRate } from '#contract/money';
import { ORDER_STATUS_TEXT } from '#contract/orders';
import { platformLabel } from '#contract/shopPlatforms';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, LOGIN_KINDS, LOGIN_RESULTS } from '#contract/system';
import {
  ACCOUNT_COLUMNS,
  AUDIT_COLUMNS,
  BANK_FILE_COLUMNS,
  STATEMENT_COLUMNS,
  EXPORT_TITLES,
  LEDGER_COLUMNS,
  LOGIN_LOG_COLUMNS,
  SECURITY_EVENT_COLUMNS,
  ORDER_COLUMNS,
  REFERRAL_COLUMNS,
  RUN_COLUMNS,
  SALE_COLUMNS,
  SHOP_COLUMNS,
  WITHDRAWAL_COLUMNS,
} from '#contract/text/exports';
import { HOLD_STATUS_LABELS, LEDGER_KIND_LABELS, ledgerReferenceText, WITHDRAWAL_STATUS_LABELS } from '#contract/text/ledger';
import { PAYMENT_CHANNEL_TEXT } from '#contract/text/orders';
import { payoutReference, STATEMENT_LINES, type StatementLine } from '#contract/text/payouts';
import { PROMOTION_TEXT } from '#contract/text/promotion';
import { failedStepText, RUN_FLOW_TEXT, RUN_STATUS_TEXT } from '#contract/text/runs';
import { SHOP_STATUS_TEXT } from '#contract/text/shops';
import { ACCOUNT_STATUS_TEXT, SALE_STATUS_TEXT } from '#contract/text/system';
import { membershipOf } from '../auth/membership';
import { accountsToExport, rolesOfRow, type AccountListRow } from '../account/list';
import { toIso } from '../db/query';
import { zonedTime } from '../businessTime';
import { EXPORT_PAGE_ROWS, pagesOf, type ExportFilters, type ExportPlan } from './plan';
import type { CallContext } from '../context';
import { referralPage, subjectOf } from '../promotion/referrals';
import { listEntries } from '../ledger/balance';
import { listSalespeople } from '../sale/salespeople';
import { withdrawalPage } from '../withdrawal/withdrawals';
import { statementOf } from '../ledger/statement';
import { ordersToExport } from '../order/list';
import { listAllShops } from '../shop/shops';
import { listAuditLog } from '../auditLog/auditLog';
import { listLoginLog } from '../loginLog/loginLog';
import { listSecurityEvents } from '../securityEvent/list';
import { listAllRuns, listMyRuns } from '../run/list';

/**
 * A list read through its own page call: the total of a one-row page, then pages of
 * EXPORT_PAGE_ROWS (the lists whose offset paging is cheap at their size).
 */
function throughList<Row>(read: (current: number, pageSize: number) => Promise<{ list: readonly Row[]; total: number }>) {
  return {
    count: async () => (await read(1, 1)).total,
    pages: () => pagesOf<Row>((current) => read(current, EXPORT_PAGE_ROWS)),
  };
}

export function accountsPlan(ctx: CallContext, body: ExportFilters<'account/export'>): ExportPlan<AccountListRow> {
  const C = ACCOUNT_COLUMNS;
  return {
    title: EXPORT_TITLES.accounts,
    ...accountsToExport(ctx, body, EXPORT_PAGE_ROWS),
    columns: [
      { title: C.id, value: (row) => row.id, width: 8 },
      { title: C.username, value: (row) => row.username, width: 20 },
      { title: C.email, value: (row) => row.email, width: 28 },
      { title: C.status, value: (row) => ACCOUNT_STATUS_TEXT[row.status] },
      {
        title: C.roles,
        value: (row) =>
          rolesOfRow(row.roles)
            .map((role) => role.name)
            .join('、'),
      },
      { title: C.membership, value: (row) => membershipOf(row)?.name ?? '' },
      { title: C.membershipExpiresAt, kind: 'time', value: (row) => (membershipOf(row) ? toIso(row.membershipExpiresAt) : null) },
      { title: C.createdAt, kind: 'time', value: (row) => toIso(row.createdAt) },
    ],
  };
}

export function ordersPlan(ctx: CallContext, body: ExportFilters<'order/export'>): ExportPlan<OrderItem> {
  const C = ORDER_COLUMNS;
  return {
    title: EXPORT_TITLES.orders,
    ...ordersToExport(ctx, body, EXPORT_PAGE_ROWS),
    columns: [
      { title: C.orderNo, value: (row) => row.orderNo, width: 22 },
      { title: C.account, value: (row) => row.account.username, width: 18 },
      { title: C.level, value: (row) => row.levelName },
      { title: C.durationDays, value: (row) => row.durationDays, width: 10 },
      { title: C.amount, kind: 'money', value: (row) => row.amountCents },
      { title: C.status, value: (row) => ORDER_STATUS_TEXT[row.status], width: 10 },
      { title: C.channel, value: (row) => PAYMENT_CHANNEL_TEXT[row.channel] ?? row.channel, width: 12 },
      { title: C.salesperson, value: (row) => row.salesperson?.username ?? '' },
      { title: C.commission, kind: 'money', value: (row) => row.commissionCents },
      { title: C.createdAt, kind: 'time', value: (row) => row.createdAt },
      { title: C.paidAt, kind: 'time', value: (row) => row.paidAt },
      { title: C.closedAt, kind: 'time', value: (row) => row.closedAt },
      { title: C.expiresBefore, kind: 'time', value: (row) => row.expiresBefore },
      { title: C.expiresAfter, kind: 'time', value: (row) => row.expiresAfter },
      { title: C.operator, value: (row) => row.operator?.username ?? '' },
      { title: C.note, value: (row) => row.note, width: 24 },
    ],
  };
}

export function ledgerPlan(ctx: CallContext, body: ExportFilters<'ledger/export'>): ExportPlan<LedgerEntry> {
  const C = LEDGER_COLUMNS;
  return {
    title: EXPORT_TITLES.ledger,
    // Only the caller's own entries, like `ledger/list`.
    ...throughList((current, pageSize) => listEntries(ctx, { ...body, current, pageSize })),
    columns: [
      { title: C.createdAt, kind: 'time', value: (row) => row.createdAt },
      { title: C.kind, value: (row) => LEDGER_KIND_LABELS[row.kind] },
      { title: C.amount, kind: 'money', value: (row) => row.amountCents },
      { title: C.balanceAfter, kind: 'money', value: (row) => row.balanceAfterCents },
      { title: C.holdStatus, value: (row) => (row.holdStatus ? HOLD_STATUS_LABELS[row.holdStatus] : '') },
      { title: C.availableAt, kind: 'time', value: (row) => row.availableAt },
      { title: C.reference, value: (row) => ledgerReferenceText(row.reference), width: 28 },
      { title: C.note, value: (row) => row.note, width: 36 },
    ],
  };
}

export function withdrawalsPlan({ db }: CallContext, body: ExportFilters<'withdrawal/export'>): ExportPlan<Withdrawal> {
  const C = WITHDRAWAL_COLUMNS;
  return {
    title: EXPORT_TITLES.withdrawals,
    ...throughList((current, pageSize) => withdrawalPage(db, { ...body, current, pageSize }, null)),
    columns: [
      { title: C.username, value: (row) => row.username, width: 20 },
      { title: C.amount, kind: 'money', value: (row) => row.amountCents },
      { title: C.fee, kind: 'money', value: (row) => row.feeCents },
      { title: C.payout, kind: 'money', value: (row) => row.amountCents - row.feeCents },
      { title: C.status, value: (row) => WITHDRAWAL_STATUS_LABELS[row.status] },
      { title: C.card, value: (row) => `${row.card.bank} ${maskedCard(row.card.last4)}`, width: 24 },
      { title: C.holder, value: (row) => row.card.holder },
      { title: C.createdAt, kind: 'time', value: (row) => row.createdAt },
      { title: C.note, value: (row) => row.note, width: 24 },
      { title: C.reviewer, value: (row) => row.reviewer ?? '' },
      { title: C.reviewedAt, kind: 'time', value: (row) => row.reviewedAt },
      { title: C.reason, value: (row) => row.reason ?? '', width: 24 },
    ],
  };
}

export function salesPlan(ctx: CallContext, body: ExportFilters<'sale/export'>): ExportPlan<SaleItem> {
  const C = SALE_COLUMNS;
  return {
    title: EXPORT_TITLES.sales,
    ...throughList((current, pageSize) => listSalespeople(ctx, { ...body, current, pageSize })),
    columns: [
      { title: C.username, value: (row) => row.username, width: 20 },
      { title: C.email, value: (row) => row.email, width: 28 },
      { title: C.inviteCode, value: (row) => row.inviteCode },
      { title: C.commissionRate, value: (row) => formatRate(row.commissionRate) },
      { title: C.status, value: (row) => SALE_STATUS_TEXT[row.status] },
      { title: C.referredCount, value: (row) => row.referredCount },
      { title: C.balance, kind: 'money', value: (row) => row.balanceCents },
      { title: C.pending, kind: 'money', value: (row) => row.pendingCents },
      { title: C.owed, kind: 'money', value: (row) => row.owedCents },
      { title: C.createdAt, kind: 'time', value: (row) => row.createdAt },
    ],
  };
}

export function shopsPlan(ctx: CallContext, body: ExportFilters<'shop/exportAll'>): ExportPlan<AccountShopItem> {
  const C = SHOP_COLUMNS;
  return {
    title: EXPORT_TITLES.shops,
    ...throughList((current, pageSize) => listAllShops(ctx, { ...body, current, pageSize })),
    columns: [
      { title: C.username, value: (row) => row.username, width: 20 },
      { title: C.name, value: (row) => row.name, width: 24 },
      { title: C.platform, value: (row) => platformLabel(row.platform) },
      { title: C.externalId, value: (row) => row.externalId, width: 22 },
      { title: C.region, value: (row) => row.region ?? '' },
      { title: C.status, value: (row) => SHOP_STATUS_TEXT[row.status] },
      { title: C.boundAt, kind: 'time', value: (row) => row.boundAt },
      { title: C.unboundAt, kind: 'time', value: (row) => row.unboundAt },
    ],
  };
}

export function auditLogPlan(ctx: CallContext, body: ExportFilters<'auditLog/export'>): ExportPlan<AuditItem> {
  const C = AUDIT_COLUMNS;
  return {
    title: EXPORT_TITLES.auditLog,
    ...throughList((current, pageSize) => listAuditLog(ctx, { ...body, current, pageSize })),
    columns: [
      { title: C.at, kind: 'time', value: (row) => row.at },
      { title: C.actor, value: (row) => row.actorName ?? '' },
      { title: C.action, value: (row) => AUDIT_ACTIONS[row.action as keyof typeof AUDIT_ACTIONS] ?? row.action, width: 20 },
      { title: C.targetType, value: (row) => AUDIT_TARGET_TYPES[row.targetType as keyof typeof AUDIT_TARGET_TYPES] ?? row.targetType },
      { title: C.target, value: (row) => row.targetName ?? row.targetId ?? '', width: 24 },
      { title: C.ip, value: (row) => row.ip ?? '' },
    ],
  };
}

export function loginLogPlan(ctx: CallContext, body: ExportFilters<'loginLog/export'>): ExportPlan<LoginLogItem> {
  const C = LOGIN_LOG_COLUMNS;
  return {
    title: EXPORT_TITLES.loginLog,
    ...throughList((current, pageSize) => listLoginLog(ctx, { ...body, current, pageSize })),
    columns: [
      { title: C.at, kind: 'time', value: (row) => row.at },
      { title: C.username, value: (row) => row.username ?? '', width: 24 },
      { title: C.kind, value: (row) => LOGIN_KINDS[row.kind] },
      { title: C.result, value: (row) => LOGIN_RESULTS[row.result] },
      { title: C.ip, value: (row) => row.ip },
      { title: C.userAgent, value: (row) => row.userAgent ?? '', width: 40 },
    ],
  };
}

export function securityEventsPlan(ctx: CallContext, body: ExportFilters<'securityEvent/export'>): ExportPlan<SecurityEventItem> {
  const C = SECURITY_EVENT_COLUMNS;
  return {
    title: EXPORT_TITLES.securityEvents,
    ...throughList((current, pageSize) => listSecurityEvents(ctx, { ...body, current, pageSize })),
    columns: [
      { title: C.at, kind: 'time', value: (row) => row.at },
      { title: C.kind, value: (row) => SECURITY_EVENT_KIND_LABELS[row.kind] },
      { title: C.username, value: (row) => row.username ?? '', width: 24 },
      { title: C.path, value: (row) => row.path ?? '', width: 28 },
      { title: C.ip, value: (row) => row.ip ?? '' },
      { title: C.userAgent, value: (row) => row.userAgent ?? '', width: 40 },
      { title: C.detail, value: (row) => JSON.stringify(row.detail ?? {}), width: 40 },
    ],
  };
}

export async function referralsPlan(ctx: CallContext, body: ExportFilters<'promotion/export'>): Promise<ExportPlan<Referral>> {
  const C = REFERRAL_COLUMNS;
  // The caller's own referrals, or a salesperson's for staff with 销售管理, like `promotion/referrals`.
  const saleId = await subjectOf(ctx, body.saleId);
  return {
    title: EXPORT_TITLES.referrals,
    ...throughList((current, pageSize) => referralPage(ctx.db, saleId, { ...body, current, pageSize })),
    columns: [
      { title: C.username, value: (row) => row.username, width: 20 },
      { title: C.createdAt, kind: 'time', value: (row) => row.createdAt },
      { title: C.level, value: (row) => row.levelName ?? PROMOTION_TEXT.noMembership },
      {
        title: C.expiresAt,
        value: (row) =>
          row.levelId === null
            ? ''
            : row.expiresAt === null
              ? PROMOTION_TEXT.permanent
              : zonedTime(row.expiresAt, ctx.config.businessTimeZone),
        width: 20,
      },
      { title: C.paidOrders, value: (row) => row.paidOrders },
      { title: C.commission, kind: 'money', value: (row) => row.commissionCents },
    ],
  };
}

/** 运行记录's columns (the account's first on the staff's); a bind's or a stop's product counts stay empty. */
function runColumns<Row extends RunSummary>(account?: (row: Row) => string): ExportPlan<Row>['columns'] {
  const C = RUN_COLUMNS;
  const ofJoin = (value: (row: Row) => number) => (row: Row) => (row.flow === 'join' ? value(row) : '');
  return [
    { title: C.startedAt, kind: 'time', value: (row) => row.startedAt },
    ...(account ? [{ title: C.username, value: account, width: 20 }] : []),
    { title: C.flow, value: (row) => RUN_FLOW_TEXT[row.flow], width: 14 },
    { title: C.platform, value: (row) => platformLabel(row.platform) },
    { title: C.status, value: (row) => RUN_STATUS_TEXT[row.status] },
    { title: C.itemCount, value: ofJoin((row) => row.itemCount) },
    { title: C.joined, value: ofJoin((row) => row.joined) },
    { title: C.alreadyJoined, value: ofJoin((row) => row.alreadyJoined) },
    { title: C.failed, value: ofJoin((row) => row.failed) },
    { title: C.endedAt, kind: 'time', value: (row) => row.endedAt },
    { title: C.failedStep, value: (row) => (row.failedStep ? failedStepText(row.failedStep) : ''), width: 40 },
  ];
}

export function myRunsPlan(ctx: CallContext, body: ExportFilters<'run/export'>): ExportPlan<RunSummary> {
  return {
    title: EXPORT_TITLES.pluginRuns,
    // Only the caller's own runs, like `run/mine`.
    ...throughList((current, pageSize) => listMyRuns(ctx, { ...body, current, pageSize })),
    columns: runColumns(),
  };
}

export function allRunsPlan(ctx: CallContext, body: ExportFilters<'run/exportAll'>): ExportPlan<RunListItem> {
  return {
    title: EXPORT_TITLES.pluginRuns,
    ...throughList((current, pageSize) => listAllRuns(ctx, { ...body, current, pageSize })),
    columns: runColumns((row) => row.account.username),
  };
}

/** 打款文件: a batch's withdrawals, what the bank needs to pay each (the card masked: only its last four digits are kept). */
export function bankFilePlan({ db }: CallContext, { batchId }: ExportFilters<'payout/export'>): ExportPlan<Withdrawal> {
  const C = BANK_FILE_COLUMNS;
  return {
    title: EXPORT_TITLES.payout(batchId),
    ...throughList((current, pageSize) => withdrawalPage(db, { batchId, current, pageSize }, null)),
    columns: [
      { title: C.payee, value: (row) => row.card.holder, width: 12 },
      { title: C.bank, value: (row) => row.card.bank, width: 16 },
      { title: C.card, value: (row) => maskedCard(row.card.last4), width: 22 },
      { title: C.payout, kind: 'money', value: (row) => row.amountCents - row.feeCents },
      { title: C.reference, value: (row) => payoutReference(row.id), width: 16 },
      { title: C.username, value: (row) => row.username, width: 20 },
      { title: C.amount, kind: 'money', value: (row) => row.amountCents },
      { title: C.fee, kind: 'money', value: (row) => row.feeCents },
    ],
  };
}

/** A line of the statement file: its name and amount (not a database row). */
interface StatementLineAmount {
  line: StatementLine;
  cents: number;
}

/** 月度对账单 as a file: one row per line of the statement. */
export function statementPlan(ctx: CallContext, body: ExportFilters<'ledger/statementExport'>): ExportPlan<StatementLineAmount> {
  const lines = Object.keys(STATEMENT_LINES) as StatementLine[];
  return {
    title: EXPORT_TITLES.statement(body.month),
    count: async () => lines.length,
    pages: async function* () {
      const statement = await statementOf(ctx, body);
      yield lines.map((line) => ({ line, cents: statement[line] }));
    },
    columns: [
      { title: STATEMENT_COLUMNS.line, value: (row) => STATEMENT_LINES[row.line], width: 16 },
      { title: STATEMENT_COLUMNS.amount, kind: 'money', value: (row) => row.cents },
    ],
  };
}
