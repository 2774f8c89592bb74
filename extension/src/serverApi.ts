/**
 * The extension's own calls to the console's server with the plug-in token (never the console
 * session's own, which the plug-in is not given): reporting a bound shop and its runs, fetching the
 * scripts, asking for the latest release.
 */
import type { ApiResponse } from '#contract/api';
import { CODES } from '#contract/codes';
import { API_PREFIX } from '#contract/constants';
import type { RunFinishBody, RunReportBody } from '#contract/api/run';
import type { Delivery } from './runReporter';
import type { ShopReportBody } from '#contract/api/shop';
import type { PluginLatestRelease, PluginScripts } from '#contract/api/plugin';

export interface ReportResult {
  status: 'success' | 'fail';
  message: string;
}

export const REPORT_MESSAGES = {
  notLoggedIn: '请先登录控制台，再绑定店铺',
  /** No bind id: the shop page was opened without the console's 绑定店铺. */
  notStarted: '请在控制台点击绑定店铺，再打开店铺页',
  unreachable: '无法连接控制台服务器，请稍后重试',
  failed: '店铺绑定失败',
} as const;

/**
 * `shop/report` on the console the build trusts, so the shop appears in shop
 * management. The server's refusal message (quota, membership, …) is what the user will read.
 */
export async function reportShop(origin: string | null, token: string | null, body: ShopReportBody): Promise<ReportResult> {
  if (!origin || !token) return { status: 'fail', message: REPORT_MESSAGES.notLoggedIn };
  if (!body.bindId) return { status: 'fail', message: REPORT_MESSAGES.notStarted };
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

/** A polled call's answer: 304 is `unchanged` (no body); `changed` carries the ETag to send next time. */
export type PolledAnswer<T> =
  { status: 'unchanged' } | { status: 'changed'; etag: string | null; answer: T } | { status: 'error'; message: string };

/** A call the plug-in polls with `If-None-Match` (`plugin/scripts`, `plugin/latestRelease`). */
async function poll<T>(
  origin: string | null,
  token: string | null,
  path: string,
  body: object,
  etag: string | null,
): Promise<PolledAnswer<T>> {
  if (!origin || !token) return { status: 'error', message: 'not logged in' };
  try {
    const response = await fetch(`${origin}${API_PREFIX}/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...(etag ? { 'if-none-match': etag } : {}) },
      body: JSON.stringify(body),
    });
    if (response.status === 304) return { status: 'unchanged' };
    const answer = (await response.json()) as ApiResponse<T>;
    if (!answer.isSuccess) return { status: 'error', message: answer.msg };
    return { status: 'changed', etag: response.headers.get('etag'), answer: answer.content };
  } catch (error) {
    return { status: 'error', message: error instanceof Error ? error.message : String(error) };
  }
}

/** `plugin/scripts`: the enabled scripts at their current versions. */
export const fetchScripts = (origin: string | null, token: string | null, etag: string | null) =>
  poll<PluginScripts>(origin, token, 'plugin/scripts', {}, etag);

/** `plugin/latestRelease` for this plug-in's own version. */
export const fetchLatestRelease = (origin: string | null, token: string | null, version: string, etag: string | null) =>
  poll<PluginLatestRelease>(origin, token, 'plugin/latestRelease', { version }, etag);

/** Refusals that hold for good: the run ended, is not this account's, or the batch is malformed. */
const FINAL_REFUSALS: readonly string[] = [CODES.BAD_PARAMETERS, CODES.NOT_AUTHORISED];

/** A run report (`run/report`, `run/finish`): taken, refused for good, or to be tried again (no connection, an expired token, a busy server). */
async function deliverRunCall(origin: string | null, token: string | null, path: string, body: object): Promise<Delivery> {
  if (!origin || !token) return 'retry';
  try {
    const response = await fetch(`${origin}${API_PREFIX}/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as ApiResponse<unknown>;
    if (answer.code === CODES.OK) return 'taken';
    if (FINAL_REFUSALS.includes(answer.code)) {
      console.warn(`[plug-in] ${path} refused:`, answer.msg);
      return 'refused';
    }
    return 'retry';
  } catch (error) {
    console.warn(`[plug-in] ${path} failed, will retry`, error);
    return 'retry';
  }
}

export const sendRunReport = (origin: string | null, token: string | null, body: RunReportBody) =>
  deliverRunCall(origin, token, 'run/report', body);

export const sendRunFinish = (origin: string | null, token: string | null, body: RunFinishBody) =>
  deliverRunCall(origin, token, 'run/finish', body);
