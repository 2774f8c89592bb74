/**
 * A stand-in for `@/services/request` in a screen's test: `callApi` is a `jest.fn` the test
 * answers (by path with `byPath`); the real `tryCall` and `act` go through it; the errors are
 * classes of the stand-in's own (every module of the test, `tryCall` included, sees these), and
 * the field-error helpers just run the submit (a mocked call shows no field error). The real
 * request layer is not loaded.
 *
 *   (in the test) mock '@/services/request' with `() => require('./support/requestMock').requestMock()`
 */
import type { CallPath } from '#contract/api';
import type { CallOptions } from '@/services/request';

class RequestError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

class CallRefusal extends Error {
  readonly code: string;
  readonly msg: string;
  readonly content: unknown;
  constructor({ code, msg, content }: { code: string; msg: string; content: unknown }) {
    super(msg);
    this.name = 'CallRefusal';
    this.code = code;
    this.msg = msg;
    this.content = content;
  }
}

export function requestMock() {
  // Unanswered (a promise that never settles) until the test answers it, as a call still on its way.
  const callApi = jest.fn(() => new Promise(() => {}));
  return {
    CallRefusal,
    RequestError,
    callApi,
    submitWithFieldErrors: (_form: unknown, submit: () => unknown) => submit(),
    withFieldErrors: (_form: unknown, onFinish: unknown) => onFinish,
    fieldErrorText: (msg: string) => msg,
    LOGIN_PATH: '/login',
  };
}

/** A refusal as `callApi` throws it (after its toasts, which a mocked `callApi` does not show). */
export function refusal(msg: string, code = 'A0400', content: unknown = null) {
  return new CallRefusal({ code, msg, content });
}

type Answer = ((body: any, options?: CallOptions) => unknown) | object | string | number | boolean | null;

/**
 * An implementation for the mocked `callApi`: each path's content (or a function of the body and
 * the options giving it); a `refusal(…)` is thrown as `callApi` throws one. A path not listed is refused.
 */
export function byPath(answers: Partial<Record<CallPath, Answer>>) {
  // Typed loosely: `jest.mocked(callApi)` takes the implementation for callApi's every overload.
  return async (...[path, body, options]: any[]): Promise<any> => {
    if (!(path in answers)) throw new CallRefusal({ code: 'B0001', msg: `no answer for ${path} in this test`, content: null });
    const answer = answers[path as CallPath];
    const content =
      typeof answer === 'function' ? await (answer as (body: unknown, options?: CallOptions) => unknown)(body, options) : answer;
    if (content instanceof CallRefusal) throw content;
    return content;
  };
}
