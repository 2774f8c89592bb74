/**
 * 导出 (issue 15): the exports of contract/api/exports.ts, mounted beside the JSON calls with the same
 * validation (the hardened body schema), login and grant checks (`authenticateRequest`) and error
 * answers, and described in /api/openapi.json from the same contract. The handler only says what
 * to export (`ExportPlan`: the title, the columns, the count and the rows page by page); this file
 * refuses more than `config.exportMaxRows` rows before the file starts, writes the audit row, and
 * streams the file as the pages come: CSV (UTF-8 with a BOM, formula cells neutralised) or an Excel
 * workbook (exceljs' streaming WorkbookWriter), never the whole file in memory.
 */
import { ExportSlots } from './exportSlots';
import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type ExcelJS from 'exceljs';
import type { ApiCall } from '#contract/api/define';
import { exportApi, type ExportBody, type ExportFormat, type ExportPath } from '#contract/api/exports';
import { CODES } from '#contract/codes';
import { API_PREFIX } from '#contract/constants';
import { zonedTime } from '../businessTime';
import { hardenBodySchema } from './bodySafety';
import { authenticateRequest, contextOf } from './calls';
import type { CallContext, CallServices } from '../context';
import type { CellValue, ExportColumn, ExportPlan, ExportPlanner, ExportPlans } from '../exports/plan';
import { csvCell } from './csv';
import { EXPORT_TEXT } from './messages';
import { Refusal } from '../refusal';

export interface ExportDefinition {
  path: ExportPath;
  contract: ApiCall;
  mount(app: FastifyInstance, services: CallServices, slots: ExportSlots): void;
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** `Content-Disposition` with an ASCII fallback and the Chinese name in RFC 5987's `filename*`. */
export function attachmentHeader(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Integer cents as yuan with two decimals, no thousands separator: -5 → '-0.05'. */
export function plainYuan(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The cells of one row as CSV text / Excel values, by the columns' kinds. */
function cellsOf<Row>(columns: ReadonlyArray<ExportColumn<Row>>, row: Row, timeZone: string, excel: boolean): CellValue[] {
  return columns.map((column) => {
    const value = column.value(row);
    if (value === null || value === undefined || value === '') return excel ? null : '';
    if (column.kind === 'money') return excel ? Number(value) / 100 : plainYuan(Number(value));
    if (column.kind === 'time') return zonedTime(String(value), timeZone);
    return value;
  });
}

async function* csvChunks<Row>(plan: ExportPlan<Row>, timeZone: string): AsyncGenerator<Buffer> {
  yield Buffer.from(`\uFEFF${plan.columns.map((column) => csvCell(column.title)).join(',')}\r\n`);
  for await (const page of plan.pages()) {
    if (!page.length) continue;
    const lines = page.map((row) =>
      cellsOf(plan.columns, row, timeZone, false)
        .map((cell, index) => csvCell(cell, plan.columns[index].kind === 'money'))
        .join(','),
    );
    yield Buffer.from(`${lines.join('\r\n')}\r\n`);
  }
}

let excel: typeof ExcelJS | undefined;
/**
 * exceljs is loaded at the first Excel export: it is the largest module of the server (about a
 * second of every start, and of every server test file, for a call few make).
 */
function excelModule(): typeof ExcelJS {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy load that jest and tsx run alike (jest refuses `import()` here)
  excel ??= require('exceljs') as typeof ExcelJS;
  return excel;
}

/** The workbook written into `out` page by page, waiting whenever the client reads slower. */
async function writeWorkbook<Row>(plan: ExportPlan<Row>, timeZone: string, out: PassThrough) {
  const workbook = new (excelModule().stream.xlsx.WorkbookWriter)({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(plan.title.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = plan.columns.map((column) => ({
    header: column.title,
    key: column.title,
    width: column.width ?? (column.kind === 'time' ? 20 : column.kind === 'money' ? 12 : 16),
    style: column.kind === 'money' ? { numFmt: '0.00' } : undefined,
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const page of plan.pages()) {
    for (const row of page) sheet.addRow(cellsOf(plan.columns, row, timeZone, true)).commit();
    if (out.writableNeedDrain) await once(out, 'drain');
  }
  sheet.commit();
  await workbook.commit();
}

function xlsxStream<Row>(plan: ExportPlan<Row>, timeZone: string, log: FastifyBaseLogger): Readable {
  const out = new PassThrough();
  writeWorkbook(plan, timeZone, out).catch((error) => {
    log.error({ err: error }, 'export failed while streaming');
    out.destroy(error as Error);
  });
  return out;
}

/**
 * Implements the export `path` of contract/api/exports.ts: `plan` says what the filters match; the
 * registry checks, audits and streams it.
 */
export function defineExport<P extends ExportPath, Row>(path: P, plan: ExportPlanner<P, Row>): ExportDefinition {
  const contract = exportApi[path] as unknown as ApiCall;
  return {
    path,
    contract,
    mount(app, services, slots) {
      const auth = contract.auth as Exclude<ApiCall['auth'], 'public' | 'account'>;
      app.withTypeProvider<TypeBoxTypeProvider>().post(
        `${API_PREFIX}/${path}`,
        {
          schema: { body: hardenBodySchema(contract.body) },
          config: { contract },
          preValidation: [
            async (request: FastifyRequest) => {
              if (request.body === undefined) request.body = {};
            },
            (request: FastifyRequest) => authenticateRequest(services, request, auth, path),
          ],
        },
        async (request, reply) => {
          const { format, ...filters } = request.body as ExportBody<P>;
          const account = request.account!;
          const release = slots.take(account.id);
          if (!release) throw new Refusal(CODES.TOO_MANY_REQUESTS, EXPORT_TEXT.busy);
          // Free again once the answer is done: sent, cut off by the client, or a refusal below.
          reply.raw.once('close', release).once('finish', release);
          const ctx = contextOf(services, request) as CallContext;
          const chosen = await plan(ctx, filters);
          const rows = await chosen.count();
          const max = services.config.exportMaxRows;
          if (rows > max) throw new Refusal(CODES.BAD_PARAMETERS, EXPORT_TEXT.tooMany(rows, max));
          await ctx.audit(services.db, {
            action: 'data.export',
            targetType: 'export',
            targetId: path,
            after: { title: chosen.title, format, filters, rows },
          });
          const timeZone = services.config.businessTimeZone;
          const day = zonedTime(new Date(), timeZone).slice(0, 10).replace(/-/g, '');
          reply
            .header('content-type', CONTENT_TYPES[format])
            .header('content-disposition', attachmentHeader(`${chosen.title}-${day}.${format}`))
            .header('cache-control', 'no-store')
            .header('x-export-rows', String(rows));
          const stream = format === 'csv' ? Readable.from(csvChunks(chosen, timeZone)) : xlsxStream(chosen, timeZone, request.log);
          return reply.send(stream);
        },
      );
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The exports running on this instance (server/http/exportSlots.ts). */
    exportSlots: ExportSlots;
  }
}

/** The exports of a complete plan map, ready to mount. */
export function exportsOf(plans: ExportPlans): ExportDefinition[] {
  return (Object.keys(plans) as ExportPath[]).map((path) => defineExport(path, plans[path] as ExportPlanner<typeof path, unknown>));
}

/** Mounts every export, sharing one set of slots (`app.exportSlots`). */
export function registerExports(app: FastifyInstance, services: CallServices, exports: readonly ExportDefinition[]) {
  const slots = new ExportSlots();
  app.decorate('exportSlots', slots);
  for (const definition of exports) definition.mount(app, services, slots);
}
