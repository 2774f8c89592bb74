/**
 * The request layer (legacy §7): umi-request with the bearer token from the session store,
 * and the `{ isSuccess, msg, content }` wrapper with per-call toast switches.
 */
import { history } from '@umijs/max';
import { extend, type ResponseError } from 'umi-request';
import type { AnswerOf, ApiResponse, BodyOf, CallPath } from '#contract/api';
import { CODES } from '#contract/codes';
import { API_PREFIX } from '#contract/constants';
import { UI_TEXT } from '@/locales/zh-CN/common';
import { feedback } from '@/utils/feedback';
import { clearSession, getToken } from '@/auth/session';

export interface CallOptions {
  /** Show `msg` as a success toast when the call succeeds. Off unless a call asks. */
  successToast?: boolean;
  /** Show `msg` and `content` as error toasts when the call fails. On unless a call says no. */
  errorToast?: boolean;
}

/** A call that did not produce a wrapper answer: transport failure, empty answer, non-OK HTTP. */
export class RequestError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

export const LOGIN_PATH = '/login';

export const client = extend({
  prefix: API_PREFIX,
  method: 'post',
  timeout: 30_000,
  errorHandler(error: ResponseError) {
    // Non-OK HTTP throws with its status text (legacy §8, "fallback fetch non-OK").
    if (error.response) throw new RequestError(error.response.statusText || String(error.response.status), error.response.status);
    throw new RequestError(UI_TEXT.messages.checkNetwork);
  },
});

client.interceptors.request.use((url, options) => {
  const token = getToken();
  if (!token) return { url, options };
  return { url, options: { ...options, headers: { ...options.headers, Authorization: `Bearer ${token}` } } };
});

/** `{ field }` alone (the form field an A0400 is about) is for the form, not a toast. */
const onlyField = (content: unknown) =>
  typeof content === 'object' && content !== null && Object.keys(content).length === 1 && 'field' in content;

function contentText(content: unknown): string {
  if (content === null || content === undefined || content === '' || onlyField(content)) return '';
  return typeof content === 'string' ? content : JSON.stringify(content);
}

/** Reads a wrapper answer: toasts as asked, handles an expired login, and hands the wrapper back. */
function handleAnswer<T>(data: ApiResponse<T> | null | undefined, options: CallOptions = {}): ApiResponse<T> {
  const { successToast = false, errorToast = true } = options;
  if (!data || typeof data !== 'object') {
    feedback.message.error(UI_TEXT.messages.checkNetwork);
    throw new RequestError(UI_TEXT.messages.checkNetwork);
  }
  if (data.code === CODES.LOGIN_EXPIRED) {
    clearSession();
    history.push(LOGIN_PATH);
    // Calls made together (startup fetches two) expire together: say it once.
    feedback.message.error({ content: data.msg, key: CODES.LOGIN_EXPIRED });
    return { ...data, isSuccess: false };
  }
  if (data.isSuccess && data.success !== false) {
    if (successToast && data.msg) feedback.message.success(data.msg);
    return data;
  }
  if (errorToast) {
    if (data.msg) feedback.message.error(data.msg);
    const detail = contentText(data.content);
    if (detail) feedback.message.error(detail);
  }
  return { ...data, isSuccess: false };
}

/** The calls whose body may be left out (every field of it is optional). */
export type PathWithoutBody = { [P in CallPath]: object extends BodyOf<P> ? P : never }[CallPath];

/**
 * POSTs `body` to `/api/admin/<path>` and reads the wrapper. The path, the body and the answer are
 * checked at compile time against the contract (contract/api, imported as types only).
 */
export function callApi<P extends CallPath>(path: P, body: BodyOf<P>, options?: CallOptions): Promise<ApiResponse<AnswerOf<P>>>;
export function callApi<P extends PathWithoutBody>(path: P): Promise<ApiResponse<AnswerOf<P>>>;
export function callApi(path: CallPath, body?: object, options?: CallOptions): Promise<ApiResponse<unknown>> {
  return post(path, body, options);
}

async function post<T>(path: string, body: object | undefined, options?: CallOptions): Promise<ApiResponse<T>> {
  let data: ApiResponse<T> | null | undefined;
  try {
    data = await client<ApiResponse<T>>(`/${path}`, { data: body ?? {} });
  } catch (error) {
    if (error instanceof RequestError && options?.errorToast !== false) feedback.message.error(error.message);
    throw error;
  }
  return handleAnswer(data, options);
}
