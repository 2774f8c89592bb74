/**
 * 导出 (issue 15): each export holds every row its list's filters match (the list's own total),
 * with the screen's Chinese headers, a BOM, money in yuan and times in BUSINESS_TZ; Excel parses
 * back; the list's grant and the export action are both needed; a salesperson exports only its own
 * ledger; more than the cap is refused before the file starts; every export is audited.
 */
import { MAX_EXPORTS_PER_ACCOUNT } from '../../server/http/exportSlots';
import { EXPORT_TEXT } from '../../server/http/messages';
import { HOLD_STATUS_LABELS, LEDGER_REFERENCE_TEXT, ledgerReferenceText } from '#contract/text/ledger';
import type { HoldStatus } from '#contract/ledger';
import ExcelJS from 'exceljs';
import { CODES } from '#contract/codes';
import { DEMO_ACCOUNTS } from '#contract/demoAccounts';
import { EXPORT_TITLES, LEDGER_COLUMNS, ORDER_COLUMNS, ACCOUNT_COLUMNS, REFERRAL_COLUMNS } from '#contract/text/exports';
import { describeEachDatabase, type SuiteContext } from './support/databases';
import { accountId, one, sql } from './support/sql';

/** An ISO instant as wall-clock time in Asia/Shanghai (UTC+8, no daylight saving): the test's own arithmetic. */
const shanghai = (iso: string) => new Date(new Date(iso).getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
const yuan = (cents: number) => (cents / 100).toFixed(2);

async function exportFile(ctx: SuiteContext, path: string, body: Record<string, unknown>, token: string) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/admin/${path}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

/** The CSV's lines without the BOM (asserted) and the trailing line end, split naively (no commas in these values). */
function csvLines(text: string): string[][] {
  expect(text.startsWith('\uFEFF')).toBe(true);
  return text
    .slice(1)
    .replace(/\r\n$/, '')
    .split('\r\n')
    .map((line) => line.split(','));
}

async function auditCount(ctx: SuiteContext, path: string) {
  return Number(
    (await one<{ n: number }>(ctx.db, sql`select count(*)::int as n from audit_log where action = 'data.export' and target_id = ${path}`))
      .n,
  );
}

describeEachDatabase('exports', (ctx: SuiteContext) => {
  let admin: string;
  let member: string;
  let sale: string;

  beforeAll(async () => {
    admin = await ctx.login(DEMO_ACCOUNTS.superAdmin.username);
    member = await ctx.login(DEMO_ACCOUNTS.member.username);
    sale = await ctx.login(DEMO_ACCOUNTS.salesperson.username);
    // A few more paid orders (with demo_sale's commission) beside the demo ones.
    const levels = (await ctx.call('order/levels', {}, { token: admin })).content as Array<{ id: number }>;
    const memberId = await accountId(ctx.db, DEMO_ACCOUNTS.member.username);
    for (const level of levels.slice(0, 3)) {
      expect((await ctx.call('order/recharge', { accountId: memberId, levelId: level.id, note: '线下转账' }, { token: admin })).code).toBe(
        CODES.OK,
      );
    }
  });

  it('exports every order the filters match as CSV: Chinese headers, BOM, yuan, BUSINESS_TZ, Chinese enums, audited', async () => {
    const audited = await auditCount(ctx, 'order/export');
    for (const filters of [{}, { status: 'paid' }, { channel: 'recharge' }]) {
      const list = await ctx.call('order/list', { ...filters, current: 1, pageSize: 100 }, { token: admin });
      expect(list.code).toBe(CODES.OK);
      const response = await exportFile(ctx, 'order/export', { ...filters, format: 'csv' }, admin);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/csv');
      const disposition = String(response.headers['content-disposition']);
      expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent(EXPORT_TITLES.orders)}-`);
      expect(disposition).toMatch(/-\d{8}\.csv$/);
      const [header, ...data] = csvLines(response.body);
      expect(header).toEqual(Object.values(ORDER_COLUMNS));
      expect(data).toHaveLength(list.content.total);
      expect(list.content.total).toBeGreaterThan(0);
      // Same order as the list; each row's money in yuan and times in Asia/Shanghai.
      list.content.list.forEach((item: any, index: number) => {
        const row = data[index];
        // The order number as a text formula, so a spreadsheet keeps its 18 digits (server/http/csv.ts).
        expect(row[0]).toBe(`"=""${item.orderNo}"""`);
        expect(row[4]).toBe(yuan(item.amountCents));
        expect(row[5]).toMatch(/^(待支付|已支付|已取消|已退款)$/);
        expect(row[9]).toBe(shanghai(item.createdAt));
        expect(row[8]).toBe(item.commissionCents === null ? '' : yuan(item.commissionCents));
      });
    }
    expect(await auditCount(ctx, 'order/export')).toBe(audited + 3);
    const entry = await one<{ actor: string; after: any }>(
      ctx.db,
      sql`select a.username as actor, l.after from audit_log l join accounts a on a.id = l.actor_id
          where l.action = 'data.export' and l.target_id = 'order/export' order by l.id desc limit 1`,
    );
    expect(entry.actor).toBe(DEMO_ACCOUNTS.superAdmin.username);
    const after = typeof entry.after === 'string' ? JSON.parse(entry.after) : entry.after;
    expect(after).toMatchObject({ format: 'csv', filters: { channel: 'recharge' } });
  });

  it('exports the same rows as an Excel workbook that exceljs reads back', async () => {
    const list = await ctx.call('order/list', { current: 1, pageSize: 100 }, { token: admin });
    const response = await exportFile(ctx, 'order/export', { format: 'xlsx' }, admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.name).toBe(EXPORT_TITLES.orders);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(Object.values(ORDER_COLUMNS));
    expect(sheet.actualRowCount - 1).toBe(list.content.total);
    const first = sheet.getRow(2).values as unknown[];
    expect(first[1]).toBe(list.content.list[0].orderNo);
    expect(first[5]).toBe(list.content.list[0].amountCents / 100);
    expect(first[10]).toBe(shanghai(list.content.list[0].createdAt));
  });

  it('exports the users screen: rows equal the list total for the same filters', async () => {
    const filters = { status: 'enabled', username: 'demo_' };
    const list = await ctx.call('account/list', { ...filters, current: 1, pageSize: 100 }, { token: admin });
    const response = await exportFile(ctx, 'account/export', { ...filters, format: 'csv' }, admin);
    expect(response.statusCode).toBe(200);
    const [header, ...data] = csvLines(response.body);
    expect(header).toEqual(Object.values(ACCOUNT_COLUMNS));
    expect(data).toHaveLength(list.content.total);
    expect(data.map((row) => row[1]).sort()).toEqual(list.content.list.map((item: any) => item.username).sort());
    expect(data.every((row) => row[3] === '启用')).toBe(true);
    expect((await exportFile(ctx, 'account/export', { status: 'gone', format: 'csv' }, admin)).json()).toMatchObject({
      code: CODES.BAD_PARAMETERS,
    });
    expect((await exportFile(ctx, 'account/export', { format: 'pdf' }, admin)).json()).toMatchObject({ code: CODES.BAD_PARAMETERS });
  });

  it('runs a few exports of one account at a time and tells the rest to wait; other accounts go on', async () => {
    const adminId = await accountId(ctx.db, DEMO_ACCOUNTS.superAdmin.username);
    // The account's exports running now (held here: the demo exports finish too fast to overlap).
    const running = Array.from({ length: MAX_EXPORTS_PER_ACCOUNT }, () => ctx.app.exportSlots.take(adminId)!);
    const refused = await exportFile(ctx, 'order/export', { format: 'csv' }, admin);
    expect(refused.json()).toMatchObject({ code: CODES.TOO_MANY_REQUESTS, msg: EXPORT_TEXT.busy });
    // Another account is not held up by this one's.
    expect(String((await exportFile(ctx, 'ledger/export', { format: 'csv' }, sale)).headers['content-type'])).toMatch(/^text\/csv/);
    for (const release of running) release();
    expect(String((await exportFile(ctx, 'order/export', { format: 'csv' }, admin)).headers['content-type'])).toMatch(/^text\/csv/);
    // Each finished export gave its slot back, a refused one never held one.
    expect(ctx.app.exportSlots.size).toBe(0);
  });

  it('lets a salesperson export only its own ledger', async () => {
    const list = await ctx.call('ledger/list', { current: 1, pageSize: 100 }, { token: sale });
    expect(list.content.total).toBeGreaterThan(0);
    const response = await exportFile(ctx, 'ledger/export', { format: 'csv' }, sale);
    expect(response.statusCode).toBe(200);
    const [header, ...data] = csvLines(response.body);
    expect(header).toEqual(Object.values(LEDGER_COLUMNS));
    expect(data).toHaveLength(list.content.total);
    // References in words, never the stored key: the demo opening balance and the seeded commission's order.
    const column = (title: string) => header.indexOf(title);
    const references = data.map((row) => row[column(LEDGER_COLUMNS.reference)]);
    expect(references).toEqual(list.content.list.map((item: any) => ledgerReferenceText(item.reference)));
    expect(references).toContain(LEDGER_REFERENCE_TEXT.opening);
    expect(references.some((text) => /^订单 \d{18}$/.test(text))).toBe(true);
    expect(references.some((text) => /^(demo|order|withdrawal):/.test(text))).toBe(false);
    expect(data.map((row) => row[column(LEDGER_COLUMNS.amount)])).toEqual(list.content.list.map((item: any) => yuan(item.amountCents)));
    // A commission's hold in words: 待结算 or 已结算; nothing for the other entries.
    expect(data.map((row) => row[column(LEDGER_COLUMNS.holdStatus)])).toEqual(
      list.content.list.map((item: any) => (item.holdStatus ? HOLD_STATUS_LABELS[item.holdStatus as HoldStatus] : '')),
    );
    // The super administrator's own ledger is empty: nobody else's entries leak into it.
    const adminLedger = await exportFile(ctx, 'ledger/export', { format: 'csv' }, admin);
    expect(csvLines(adminLedger.body)).toHaveLength(1);
    const xlsx = await exportFile(ctx, 'ledger/export', { kind: 'commission', format: 'xlsx' }, sale);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const commissions = await ctx.call('ledger/list', { kind: 'commission', current: 1, pageSize: 1 }, { token: sale });
    expect(workbook.worksheets[0].actualRowCount - 1).toBe(commissions.content.total);
  });

  it('lets a salesperson export its own 邀请的账号 with the filters of the list, and no one else its referrals', async () => {
    for (const filters of [{}, { levelId: 0 }, { username: 'demo' }]) {
      const list = await ctx.call('promotion/referrals', { ...filters, current: 1, pageSize: 100 }, { token: sale });
      expect(list.code).toBe(CODES.OK);
      const response = await exportFile(ctx, 'promotion/export', { ...filters, format: 'csv' }, sale);
      expect(response.statusCode).toBe(200);
      const [header, ...data] = csvLines(response.body);
      expect(header).toEqual(Object.values(REFERRAL_COLUMNS));
      expect(data.map((row) => row[0])).toEqual(list.content.list.map((item: any) => item.username));
      expect(data.map((row) => row[5])).toEqual(list.content.list.map((item: any) => yuan(item.commissionCents)));
      expect(data.map((row) => row[1])).toEqual(list.content.list.map((item: any) => shanghai(item.createdAt)));
    }
    expect((await ctx.call('promotion/referrals', { current: 1, pageSize: 1 }, { token: sale })).content.total).toBeGreaterThan(0);
    // demo_member has no 推广中心; the administrator's own referral list is empty.
    expect((await exportFile(ctx, 'promotion/export', { format: 'csv' }, member)).json()).toMatchObject({ code: CODES.NOT_AUTHORISED });
    expect(csvLines((await exportFile(ctx, 'promotion/export', { format: 'csv' }, admin)).body)).toHaveLength(1);
  });

  it('needs the list grant and the export action (A0301 otherwise), and a login (A0230)', async () => {
    // demo_member holds 订单列表 but not its export action, and no ledger at all.
    expect((await exportFile(ctx, 'order/export', { format: 'csv' }, member)).json()).toMatchObject({ code: CODES.NOT_AUTHORISED });
    expect((await exportFile(ctx, 'ledger/export', { format: 'csv' }, member)).json()).toMatchObject({ code: CODES.NOT_AUTHORISED });
    expect((await exportFile(ctx, 'account/export', { format: 'csv' }, sale)).json()).toMatchObject({ code: CODES.NOT_AUTHORISED });
    expect((await exportFile(ctx, 'auditLog/export', { format: 'csv' }, sale)).json()).toMatchObject({ code: CODES.NOT_AUTHORISED });
    expect((await exportFile(ctx, 'order/export', { format: 'csv' }, 'not-a-token')).json()).toMatchObject({ code: CODES.LOGIN_EXPIRED });
  });

  it('exports the other staff lists with their totals', async () => {
    const lists = [
      ['withdrawal/list', 'withdrawal/export'],
      ['sale/list', 'sale/export'],
      ['shop/listAll', 'shop/exportAll'],
      ['auditLog/list', 'auditLog/export'],
      ['loginLog/list', 'loginLog/export'],
    ] as const;
    for (const [listPath, exportPath] of lists) {
      const list = await ctx.call(listPath, { current: 1, pageSize: 1 }, { token: admin });
      expect(list.code).toBe(CODES.OK);
      const response = await exportFile(ctx, exportPath, { format: 'csv' }, admin);
      expect(response.statusCode).toBe(200);
      const lines = csvLines(response.body);
      // The audit log grows by the export's own entry, written before the file.
      expect(lines.length - 1).toBe(list.content.total + (exportPath === 'auditLog/export' ? 1 : 0));
    }
  });
});

describeEachDatabase(
  'exports over the cap',
  (ctx: SuiteContext) => {
    it('refuses more rows than the cap before the file starts, and audits nothing', async () => {
      const admin = await ctx.login(DEMO_ACCOUNTS.superAdmin.username);
      const total = (await ctx.call('account/list', { current: 1, pageSize: 1 }, { token: admin })).content.total;
      expect(total).toBeGreaterThan(2);
      const response = await exportFile(ctx, 'account/export', { format: 'xlsx' }, admin);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toMatchObject({
        isSuccess: false,
        code: CODES.BAD_PARAMETERS,
        msg: `参数错误：符合条件的记录有 ${total} 条，超过单次导出上限 2 条，请缩小筛选范围后再导出`,
      });
      expect(await auditCount(ctx, 'account/export')).toBe(0);
      const narrow = await exportFile(ctx, 'account/export', { username: DEMO_ACCOUNTS.superAdmin.username, format: 'csv' }, admin);
      expect(csvLines(narrow.body)).toHaveLength(2);
    });
  },
  { config: { exportMaxRows: 2 } },
);
