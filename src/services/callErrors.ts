/**
 * What a call throws (re-exported by `@/services/request`, where callers import them from). A
 * module of its own, importing nothing: tests that stand in for the request layer keep the real
 * classes, so `instanceof` still holds.
 */
import type { ApiResponse } from '#contract/api';

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
