/** The extension's own call to the console's server: reporting a bound shop with the account's token. */
import type { ApiResponse } from '#contract/api';
import { API_PREFIX } from '#contract/constants';
import type { ShopReportBody } from '#contract/api/shop';

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
