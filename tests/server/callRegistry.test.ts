/**
 * The registry of calls is complete by type: the typecheck step (tsc) fails on a contract call
 * without a handler and on a handler of a path outside the contract; the two `@ts-expect-error`
 * lines below fail it in turn if the registry's type stops refusing either.
 */
import { API } from '#contract/api';
import { CALLS, HANDLERS } from '../../server/handlers';
import type { CallHandlers } from '../../server/http/calls';

const { 'news/list': _listed, ...withoutOne } = HANDLERS;
// @ts-expect-error a map without the handler of 'news/list' is not a complete registry
const _incomplete: CallHandlers = withoutOne;
// @ts-expect-error a handler of a path the contract does not have
const _extra = { ...HANDLERS, 'news/nothing': async () => ({}) } satisfies CallHandlers;

describe('the call registry', () => {
  it('mounts every call of the contract, once', () => {
    const mounted = CALLS.map((call) => call.path);
    expect(new Set(mounted).size).toBe(mounted.length);
    expect([...mounted].sort()).toEqual(Object.keys(API).sort());
  });
});
