/**
 * The quiet form of `callApi` (`./request.ts`): the same call and toasts, but a refusal resolves
 * `undefined` instead of throwing (a `RequestError` still throws). For a read whose refusal leaves
 * the screen empty (a `useRequest` service, an effect) and a submit whose refusal just stops it;
 * pass `{ errorToast: false }` as well for no toast. Not for a call whose answer may be `null`
 * (use `act`, or `callApi` and catch). A module of its own: only the screens load it, not the
 * entry chunk that /login's budget counts.
 */
import type { AnswerOf, BodyOf, CallPath } from '#contract/api';
import { CallRefusal, callApi, type CallOptions, type PathWithoutBody } from './request';

/** For a `.catch`: a refusal (already said to the user) becomes `undefined`; anything else goes on. */
export function ignoreRefusal(error: unknown): undefined {
  if (error instanceof CallRefusal) return undefined;
  throw error;
}

export function tryCall<P extends CallPath>(path: P, body: BodyOf<P>, options?: CallOptions): Promise<AnswerOf<P> | undefined>;
export function tryCall<P extends PathWithoutBody>(path: P): Promise<AnswerOf<P> | undefined>;
export function tryCall(...args: [CallPath, object?, CallOptions?]): Promise<unknown> {
  // callApi starts the request synchronously, so a form's field errors still find their form; it
  // gets the arguments as given (a test's stand-in compares them).
  return callApi(...(args as Parameters<typeof callApi>)).catch(ignoreRefusal);
}
