/** Times one 导出 of 订单列表 through the app, from the request to the last byte, and counts its rows (bench:export, bench:dashboard). */
import type { FastifyInstance } from 'fastify';

export interface ExportTiming {
  format: 'csv' | 'xlsx';
  rows: number;
  bytes: number;
  ms: number;
}

export async function timeOrderExport(
  app: FastifyInstance,
  token: string,
  format: 'csv' | 'xlsx',
  filters: Record<string, unknown> = {},
): Promise<ExportTiming> {
  const begun = performance.now();
  const response = await app.inject({
    method: 'POST',
    url: '/api/admin/order/export',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ ...filters, format }),
  });
  const ms = performance.now() - begun;
  if (response.statusCode !== 200) throw new Error(`order/export ${format}: HTTP ${response.statusCode} ${response.body.slice(0, 300)}`);
  const rows = format === 'csv' ? response.body.split('\r\n').length - 2 : Number(response.headers['x-export-rows']);
  return { format, rows, bytes: response.rawPayload.length, ms };
}
