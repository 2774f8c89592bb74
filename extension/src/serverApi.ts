/** The extension's own calls to the console's server with the account's token: reporting a bound shop, fetching the scripts. */
import type { ApiResponse } from '#contract/api';
import { API_PREFIX } from '#contract/constants';
import type { ShopReportBody } from '#contract/api/shop';
import type { PluginScripts } from '#contract/api/plugin';

export interface ReportResult {
  status: 'success' | 'fail';
  message: string;
}

export const REPORT_MESSAGES = {
  notLoggedIn: '请先登录控制台，再绑定店铺',
  unreachable: '无法连接控制台服务器，请稍后重试',
  failed: '店铺绑定失败',
} as const;

/**
 * `shop/report` on the console that handed out `token` (its origin), so the shop appears in shop
 * management. The server's refusal message (quota, membership, …) is what the user will read.
 */
export async function reportShop(origin: string | null, token: string | null, body: ShopReportBody): Promise<ReportResult> {
  if (!origin || !token) return { status: 'fail', message: REPORT_MESSAGES.notLoggedIn };
  let answer: ApiResponse<unknown>;
  try {
    const response = await fetch(`${origin}${API_PREFIX}/shop/report`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    answer = (await response.json()) as ApiResponse<unknown>;
  } catch (error) {
    console.warn('[plug-in] shop/report failed', error);
    return { status: 'fail', message: REPORT_MESSAGES.unreachable };
  }
  return answer.isSuccess ? { status: 'success', message: '' } : { status: 'fail', message: answer.msg || REPORT_MESSAGES.failed };
}

export type ScriptsAnswer =
  | { status: 'unchanged' }
  | { status: 'changed'; etag: string | null; answer: PluginScripts }
  | { status: 'error'; message: string };

/** `plugin/scripts` with the last ETag: 304 is `unchanged` (no body). */
export async function fetchScripts(origin: string | null, token: string | null, etag: string | null): Promise<ScriptsAnswer> {
  if (!origin || !token) return { status: 'error', message: 'not logged in' };
  try {
    const response = await fetch(`${origin}${API_PREFIX}/plugin/scripts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...(etag ? { 'if-none-match': etag } : {}) },
      body: '{}',
    });
    if (response.status === 304) return { status: 'unchanged' };
    const answer = (await response.json()) as ApiResponse<PluginScripts>;
    if (!answer.isSuccess) return { status: 'error', message: answer.msg };
    return { status: 'changed', etag: response.headers.get('etag'), answer: answer.content };
  } catch (error) {
    return { status: 'error', message: error instanceof Error ? error.message : String(error) };
  }
}
