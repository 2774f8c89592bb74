/**
 * ahooks' `useRequest` with `cacheKey` (answers shared by key, shown at once when a screen comes
 * back, refreshed behind them), with the key's subscription made when the component mounts.
 *
 * ahooks (3.11, and its master in 2026) subscribes while rendering. A render React throws away (a
 * first mount interrupted by another update, or unwound by a suspending sibling, as on 首页 right
 * after login) leaves its subscriber behind, and the key's next answer updates a component that
 * never mounted: React warns "Can't perform a React state update on a component that hasn't
 * mounted yet" (alibaba/hooks#1866, the unmerged fix #2001). This is ahooks' cache plugin, from
 * its public plugin interface, with that one difference; the rest is ahooks' `useRequest`.
 */
import { useRequest } from 'ahooks';
import type { Options, Plugin, Result, Service } from 'ahooks/lib/useRequest/src/types';
import { useEffect, useRef } from 'react';
import { REQUEST_CACHE_TIME_MS } from '#contract/constants';

interface CachedAnswer {
  data: unknown;
  params: unknown[] | undefined;
  time: number;
}

const answers = new Map<string, CachedAnswer>();
const inFlight = new Map<string, Promise<unknown>>();
const listeners = new Map<string, Set<(data: unknown) => void>>();

function cached(key: string, cacheTime: number): CachedAnswer | undefined {
  const answer = answers.get(key);
  if (answer && cacheTime !== -1 && Date.now() - answer.time > cacheTime) {
    answers.delete(key);
    return undefined;
  }
  return answer;
}

/** Within `staleTime` an answer is served without a request (-1: for as long as it is kept). */
const isFresh = (answer: CachedAnswer, staleTime: number) => staleTime === -1 || Date.now() - answer.time <= staleTime;

function keep(key: string, answer: CachedAnswer) {
  answers.set(key, answer);
  listeners.get(key)?.forEach((listener) => listener(answer.data));
}

function listen(key: string, listener: (data: unknown) => void): () => void {
  const set = listeners.get(key) ?? listeners.set(key, new Set()).get(key)!;
  set.add(listener);
  return () => {
    set.delete(listener);
    if (!set.size) listeners.delete(key);
  };
}

/** Read by the plugin under its own name: given as `cacheKey`, ahooks' own cache plugin would run too. */
const KEY_OPTION = 'mountedCacheKey';

function useMountedCachePlugin<TData, TParams extends any[]>(
  ...[fetchInstance, options]: Parameters<Plugin<TData, TParams>>
): ReturnType<Plugin<TData, TParams>> {
  const key = (options as Record<string, unknown>)[KEY_OPTION] as string | undefined;
  const { cacheTime = REQUEST_CACHE_TIME_MS, staleTime = 0 } = options;
  const started = useRef(false);
  const ownPromise = useRef<Promise<unknown>>();
  // The first render starts from the cached answer: this instance's own state, nothing shared.
  if (key && !started.current) {
    started.current = true;
    const answer = cached(key, cacheTime);
    if (answer) {
      fetchInstance.state.data = answer.data as TData;
      fetchInstance.state.params = answer.params as TParams | undefined;
      if (isFresh(answer, staleTime)) fetchInstance.state.loading = false;
    }
  }
  useEffect(() => (key ? listen(key, (data) => fetchInstance.setState({ data: data as TData })) : undefined), [key, fetchInstance]);

  if (!key) return {};
  return {
    onBefore: () => {
      const answer = cached(key, cacheTime);
      if (!answer) return {};
      const data = answer.data as TData;
      return isFresh(answer, staleTime) ? { loading: false, data, error: undefined, returnNow: true } : { data, error: undefined };
    },
    // One request at a time per key: an instance asking while another's is under way shares it.
    onRequest: (service, args) => {
      const shared = inFlight.get(key);
      if (shared && shared !== ownPromise.current) return { servicePromise: shared as Promise<TData> };
      const promise = service(...args);
      ownPromise.current = promise;
      inFlight.set(key, promise);
      const forget = () => {
        if (inFlight.get(key) === promise) inFlight.delete(key);
      };
      promise.then(forget, forget);
      return { servicePromise: promise };
    },
    onSuccess: (data, params) => keep(key, { data, params, time: Date.now() }),
    onMutate: (data) => keep(key, { data, params: fetchInstance.state.params, time: Date.now() }),
  };
}

/** `useRequest(service, options)` where `options.cacheKey` works as in ahooks, minus its render-time subscription. */
export function useCachedRequest<TData, TParams extends any[]>(
  service: Service<TData, TParams>,
  { cacheKey, ...options }: Options<TData, TParams> & { cacheKey: string },
): Result<TData, TParams> {
  const withKey = { ...options, [KEY_OPTION]: cacheKey } as Options<TData, TParams>;
  return useRequest<TData, TParams>(service, withKey, [useMountedCachePlugin]);
}
