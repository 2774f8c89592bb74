/**
 * 导出 (contract/api/exports.ts): POSTs the list's filters and the format, and saves the streamed
 * file under the server's (Chinese) file name. A refusal before the file starts (the JSON wrapper:
 * an expired login, no grant, too many rows) goes through the request layer's `handleAnswer`, so
 * it toasts its Chinese msg and an expired login returns to the login page like any call.
 */
import type { ApiResponse } from '#contract/api';
import type { ExportBody, ExportPath } from '#contract/api/exports';
import { API_PREFIX } from '#contract/constants';
import { getToken } from '@/auth/session';
import { saveBlob } from '@/utils/download';
import { feedback } from '@/kit/feedback';
import { handleAnswer, transportErrorText } from './request';

/** The name in `Content-Disposition`: RFC 5987's `filename*` first, else the plain `filename`. */
export function filenameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // a malformed escape: fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1].trim() : fallback;
}

export interface Exported {
  filename: string;
  /** The rows the server counted (its `X-Export-Rows`). */
  rows: number;
}

/** Downloads the export `path` of `body`; undefined when it was refused (already said to the user). */
export async function downloadExport<P extends ExportPath>(path: P, body: ExportBody<P>): Promise<Exported | undefined> {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(`${API_PREFIX}/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  } catch {
    feedback.message.error(transportErrorText(undefined));
    return undefined;
  }
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('application/json')) {
    // A refusal (or a non-OK answer carrying one): the wrapper with its Chinese msg.
    const answer = (await response.json().catch(() => null)) as ApiResponse<unknown> | null;
    if (answer && typeof answer.msg === 'string') {
      try {
        handleAnswer(answer);
      } catch {
        // the refusal, said to the user (or an ended login, taken to the login page)
      }
      return undefined;
    }
  }
  if (!response.ok || type.includes('application/json')) {
    feedback.message.error(transportErrorText(response.status, response.statusText));
    return undefined;
  }
  const blob = await response.blob();
  const filename = filenameOf(response.headers.get('content-disposition'), `export.${body.format}`);
  saveBlob(blob, filename);
  return { filename, rows: Number(response.headers.get('x-export-rows') ?? 0) };
}
