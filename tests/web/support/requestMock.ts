/**
 * A stand-in for `@/services/request` in a screen's test: `callApi` is a `jest.fn` the test
 * answers (by path with `byPath`); `tryCall` and `act` go through it as the real ones do, and the
 * rest (`CallRefusal`, the field-error helpers) is the real module's.
 *
 *   (in the test) mock '@/services/request' with `() => require('./support/requestMock').requestMock()`
 *   jest.mocked(callApi).mockImplementation(byPath({ 'account/list': page, 'role/options': [] }));
 */
import type { CallPath } from '#contract/api';
import type * as Request from '@/services/request';

type RequestModule = typeof Request;

export function requestMock() {
  const actual = jest.requireActual<RequestModule>('@/services/request');
  const callApi = jest.fn();
  return {
    ...actual,
    callApi,
    tryCall: (...args: unknown[]) => Promise.resolve(callApi(...args)).catch(actual.ignoreRefusal),
  };
}

/** A refusal as `callApi` throws it (after its toasts, which a mocked `callApi` does not show). */
export function refusal(msg: string, code = 'A0400', content: unknown = null) {
  const { CallRefusal } = jest.requireActual<RequestModule>('@/services/request');
  return new CallRefusal({ code, msg, content });
}

type Answer = unknown | ((body: any) => unknown);

/**
 * An implementation for the mocked `callApi`: each path's content (or a function of the body
 * giving it); a `refusal(…)` is thrown as `callApi` throws one. A path not listed is refused.
 */
export function byPath(answers: Partial<Record<CallPath, Answer>>) {
  const { CallRefusal } = jest.requireActual<RequestModule>('@/services/request');
  // Typed loosely: `jest.mocked(callApi)` takes the implementation for callApi's every overload.
  return async (...[path, body]: any[]): Promise<any> => {
    if (!(path in answers)) throw new CallRefusal({ code: 'B0001', msg: `no answer for ${path} in this test`, content: null });
    const answer = answers[path as CallPath];
    const content = typeof answer === 'function' ? await (answer as (body: unknown) => unknown)(body) : answer;
    if (content instanceof CallRefusal) throw content;
    return content;
  };
}
