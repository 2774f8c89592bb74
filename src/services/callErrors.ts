/**
 * What a call throws (re-exported by `@/services/request`, where callers import them from). A
 * module of its own, importing nothing: tests that stand in for the request layer keep the real
 * classes, so `instanceof` still holds.
 */
import type { ApiResponse } from '#contract/api';

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

/**
 * A wrapper answer that refused (`isSuccess: false`): thrown by `callApi` after its toasts. `msg`
 * is the server's Chinese sentence, `code` its code (`#contract/codes`), `content` its detail.
 */
export class CallRefusal extends Error {
  readonly code: string;
  readonly msg: string;
  readonly content: unknown;
  constructor(answer: Pick<ApiResponse<unknown>, 'code' | 'msg' | 'content'>) {
    super(answer.msg);
    this.name = 'CallRefusal';
    this.code = answer.code;
    this.msg = answer.msg;
    this.content = answer.content;
  }
}

/** For a `.catch`: a refusal (already said to the user) becomes `undefined`; anything else goes on. */
export function ignoreRefusal(error: unknown): undefined {
  if (error instanceof CallRefusal) return undefined;
  throw error;
}
