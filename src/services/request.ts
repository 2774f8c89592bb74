/**
 * The request layer (legacy §7): umi-request with the bearer token from the session store, the
 * `{ isSuccess, msg, content }` wrapper read here and nowhere else, and per-call toast switches.
 *
 * One call style, the way ant-design-pro's `errorThrower` works: `callApi(path, body)` resolves to
 * the answer's `content`; a refusal is toasted (as the options say) and then thrown as a
 * `CallRefusal`. Its quiet form `tryCall(path, body)` (`./tryCall.ts`, a module of its own so that
 * the entry chunk, hence /login, does not carry it) resolves `undefined` on a refusal instead.
 */
import { history } from '@umijs/max';
import type { FormInstance } from 'antd';
import { extend, type ResponseError } from 'umi-request';
import type { AnswerOf, ApiResponse, BodyOf, CallPath } from '#contract/api';
import { CODE_MESSAGES, CODES } from '#contract/codes';
import { API_PREFIX, REQUEST_ID_HEADER } from '#contract/constants';
import { UI_TEXT } from '@/locales/zh-CN/common';
import { feedback } from '@/kit/feedback';
import { clearSession, getToken } from '@/auth/session';
import { LOGIN_PATH, loginPathFor } from '@/auth/redirect';
import { askForStepUp } from '@/auth/stepUp';

/** A form that shows an A0400 `{ field }` refusal on that field (see `submitWithFieldErrors`). */

export type FieldErrorTarget = Pick<FormInstance<any>, 'getFieldsValue' | 'setFields'>;

export interface CallOptions {
  /** Show `msg` as a success toast when the call succeeds. Off unless a call asks. */
  successToast?: boolean;
  /** Show `msg` and `content` as error toasts when the call fails. On unless a call says no. */
  errorToast?: boolean;
  /** Show an A0400 refusal naming one of this form's fields on that field instead of as toasts. */
  fieldErrors?: FieldErrorTarget;
  /**
   * The session token to send instead of the stored one: a login whose generated password must be
   * changed first is not stored (its session can make nothing but the change).
   */
  token?: string;
}

/** A call that did not produce a wrapper answer: transport failure, empty answer, non-OK HTTP. */
export class RequestError extends Error {
  // Declared, then set in the constructor: a class field (or a parameter property) costs a define
  // helper in every chunk that holds the class, /login's among them.
  declare readonly status?: number;
  constructor(message: string, status?: number) {
    super(message);
    this.name = 'RequestError';
    this.status = status;
  }
}

/**
 * A wrapper answer that refused (`isSuccess: false`): thrown by `callApi` after its toasts. `msg`
 * is the server's Chinese sentence, `code` its code (`#contract/codes`), `content` its detail.
 */
export class CallRefusal extends Error {
  declare readonly code: string;
  declare readonly msg: string;
  declare readonly content: unknown;
  constructor({ code, msg, content }: Pick<ApiResponse<unknown>, 'code' | 'msg' | 'content'>) {
    super(msg);
    Object.assign(this, { name: 'CallRefusal', code, msg, content });
  }
}

export { LOGIN_PATH };

/** The sentence for a call that got no wrapper answer: the server failed, or the network did. */
export function transportErrorText(status?: number, statusText?: string): string {
  if (status === undefined) return UI_TEXT.messages.networkError;
  if (status >= 500) return UI_TEXT.messages.serverBusy;
  // Other non-OK answers keep legacy §8's status text.
  return statusText || String(status);
}

export const client = extend({
  prefix: API_PREFIX,
  method: 'post',
  timeout: 30_000,
  errorHandler(error: ResponseError) {
    const { response } = error;
    // A refusal the server sent with a non-OK status (429, 413…) still carries its Chinese msg.
    const refusal = error.data as Partial<ApiResponse<unknown>> | undefined;
    if (response && response.status < 500 && typeof refusal?.msg === 'string' && refusal.msg) {
      throw new RequestError(refusal.msg, response.status);
    }
    // A server failure names its request (server/http/requestId.ts): the user can quote it to support.
    const requestId = response && response.status >= 500 ? response.headers.get(REQUEST_ID_HEADER) : null;
    const text = transportErrorText(response?.status, response?.statusText);
    throw new RequestError(requestId ? `${text}${UI_TEXT.messages.errorNumber(requestId)}` : text, response?.status);
  },
});

client.interceptors.request.use((url, options) => {
  const token = getToken();
  const given = (options.headers as Record<string, string> | undefined)?.Authorization;
  if (!token || given) return { url, options };
  return { url, options: { ...options, headers: { ...options.headers, Authorization: `Bearer ${token}` } } };
});

/** `{ field }` alone (the form field an A0400 is about) is for the form, not a toast. */
const onlyField = (content: unknown) =>
  typeof content === 'object' && content !== null && Object.keys(content).length === 1 && 'field' in content;

function contentText(content: unknown): string {
  if (content === null || content === undefined || content === '' || onlyField(content)) return '';
  return typeof content === 'string' ? content : JSON.stringify(content);
}

/** The msg of an A0400 refusal as a form field shows it: without the `参数错误：` lead. */
export const fieldErrorText = (msg: string) => msg.replace(new RegExp(`^${CODE_MESSAGES[CODES.BAD_PARAMETERS]}[：:]\\s*`), '');

/**
 * Marks the field a refusal names (an A0400, a taken username or e-mail: `content.field`), when
 * `form` has it; true if it did.
 */
function showOnField(data: ApiResponse<unknown>, form: FieldErrorTarget | undefined): boolean {
  if (!form) return false;
  const field = (data.content as { field?: unknown } | null)?.field;
  if (typeof field !== 'string' || !(field in form.getFieldsValue())) return false;
  form.setFields([{ name: field, errors: [fieldErrorText(data.msg)] }]);
  return true;
}

/**
 * Reads a wrapper answer (also the exports' refusals): toasts as asked, handles an expired login,
 * and hands a success back; a refusal is thrown as a `CallRefusal` once it has been said.
 */
export function handleAnswer<T>(
  data: ApiResponse<T> | null | undefined,
  options: CallOptions = {},
  /** The stored session's token when the call went out (not for a call sent with `options.token`). */
  sentWith?: string | null,
): ApiResponse<T> {
  const { successToast = false, errorToast = true } = options;
  if (!data || typeof data !== 'object') {
    feedback.message.error(UI_TEXT.messages.checkNetwork);
    throw new RequestError(UI_TEXT.messages.checkNetwork);
  }
  // A session that can do nothing here: it ended, or its password is a generated one to change first
  // (the login screen asks for the change; a session stored before staff made a new password ends).
  if (data.code === CODES.LOGIN_EXPIRED || data.code === CODES.PASSWORD_CHANGE_REQUIRED || data.code === CODES.ONE_TIME_PASSWORD_EXPIRED) {
    // A call of a session the user has already left (signed out, or another call found it ended):
    // whoever cleared it took the user to /login and said why.
    if (sentWith && getToken() !== sentWith) throw new CallRefusal(data);
    clearSession();
    // Logging in again comes back to the page that was open.
    history.push(loginPathFor(history.location ?? { pathname: LOGIN_PATH }));
    // Calls made together (startup fetches two) expire together: say it once.
    feedback.message.error({ content: data.msg, key: data.code });
    throw new CallRefusal(data);
  }
  if (data.isSuccess && data.success !== false) {
    if (successToast && data.msg) feedback.message.success(data.msg);
    return data;
  }
  if (showOnField(data, options.fieldErrors)) throw new CallRefusal(data);
  if (errorToast) {
    if (data.msg) feedback.message.error(data.msg);
    const detail = contentText(data.content);
    if (detail) feedback.message.error(detail);
  }
  throw new CallRefusal(data);
}

/** The calls whose body may be left out (every field of it is optional). */
export type PathWithoutBody = { [P in CallPath]: object extends BodyOf<P> ? P : never }[CallPath];

/**
 * POSTs `body` to `/api/admin/<path>` and resolves to the answer's `content`. A refusal is toasted
 * (unless `errorToast: false`, or shown on its form field) and thrown as a `CallRefusal`; a call
 * that got no wrapper answer is toasted and thrown as a `RequestError`. The path, the body and the
 * answer are checked at compile time against the contract (contract/api, imported as types only).
 */
export function callApi<P extends CallPath>(path: P, body: BodyOf<P>, options?: CallOptions): Promise<AnswerOf<P>>;
export function callApi<P extends PathWithoutBody>(path: P): Promise<AnswerOf<P>>;
export async function callApi(path: CallPath, body?: object, options?: CallOptions): Promise<unknown> {
  // The wrapper is read here (handleAnswer) and nowhere above: callers see content or a throw.
  return (await post(path, body, options)).content;
}

let submittingForm: FieldErrorTarget | undefined;

/** A form instance, or a ref to one (ProForm's `formRef`). */
export type FieldErrorForm = FieldErrorTarget | { current?: FieldErrorTarget | null };

const formOf = (form: FieldErrorForm): FieldErrorTarget | undefined => ('getFieldsValue' in form ? form : (form.current ?? undefined));

/**
 * Runs `submit` so that the call it makes at once (synchronously, e.g. `() => callApi('account/register', body)`)
 * shows an A0400 refusal naming one of `form`'s fields under that field, not as toasts; other
 * refusals stay toasts. Returns what `submit` returns.
 */
export function submitWithFieldErrors<T>(form: FieldErrorForm, submit: () => Promise<T>): Promise<T> {
  const outer = submittingForm;
  submittingForm = formOf(form);
  try {
    return submit();
  } finally {
    submittingForm = outer;
  }
}

/** A form's `onFinish` whose call shows a field refusal on its field (see `submitWithFieldErrors`). */
export const withFieldErrors =
  <V, T>(form: FieldErrorForm, onFinish: (values: V) => Promise<T>) =>
  (values: V) =>
    submitWithFieldErrors(form, () => onFinish(values));

async function post<T>(path: string, body: object | undefined, given?: CallOptions): Promise<ApiResponse<T>> {
  // Read before the first await: only the call `submitWithFieldErrors` starts belongs to its form.
  const options: CallOptions | undefined = submittingForm ? { fieldErrors: submittingForm, ...given } : given;
  return send(path, body, options);
}

async function send<T>(path: string, body: object | undefined, options: CallOptions | undefined): Promise<ApiResponse<T>> {
  let data: ApiResponse<T> | null | undefined;
  const sentWith = options?.token ? undefined : getToken();
  try {
    const headers = options?.token ? { Authorization: `Bearer ${options.token}` } : undefined;
    data = await client<ApiResponse<T>>(`/${path}`, { data: body ?? {}, headers });
  } catch (error) {
    if (error instanceof RequestError && options?.errorToast !== false) feedback.message.error(error.message);
    throw error;
  }
  // A sensitive call whose session gave its password too long ago: ask for it, then send the call again.
  if (data?.code === CODES.STEP_UP_REQUIRED) {
    if (await askForStepUp()) return send(path, body, options);
    // Declined: the user knows, nothing to toast.
    throw new CallRefusal(data);
  }
  return handleAnswer(data, options, sentWith);
}
