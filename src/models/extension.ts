/**
 * `useModel('extension')`: the plug-in's connection state, the release it reports, and its four
 * flows. The bridge itself is loaded on first use (the client area's header starts it), so pages
 * outside the client area, /login first of all, carry none of it.
 */
import { useCallback, useRef, useState } from 'react';
import type { BindRequest, CreatorPage, PluginController } from '@/extensionBridge/controller';
import { INITIAL_PLUGIN_STATE, type PluginState } from '@/extensionBridge/state';

export default function usePluginModel() {
  const [state, setState] = useState<PluginState>(INITIAL_PLUGIN_STATE);
  const controller = useRef<Promise<PluginController> | null>(null);

  const start = useCallback(() => {
    controller.current ??= import('@/extensionBridge/browser').then(({ createBrowserController }) => {
      const created = createBrowserController();
      created.onChange(setState);
      setState(created.current);
      return created;
    });
    return controller.current;
  }, []);

  const bindShop = useCallback(async (request: BindRequest) => (await start()).bindShop(request), [start]);
  const joinCreator = useCallback(
    async (productIds: string[], creator: CreatorPage) => (await start()).joinCreator(productIds, creator),
    [start],
  );
  const stop = useCallback(async (creator: CreatorPage) => (await start()).stop(creator), [start]);
  const clean = useCallback(async () => (await start()).clean(), [start]);
  /** After a login or a logout: hands a connected plug-in a plug-in token for the new login, or null (never loads the bridge). */
  const sendToken = useCallback(async () => {
    if (controller.current) await (await controller.current).sendToken();
  }, []);

  /** After staff saved a script in this browser: a connected plug-in fetches its scripts now (never loads the bridge). */
  const refreshScripts = useCallback(async () => {
    if (controller.current) (await controller.current).refreshScripts();
  }, []);

  return { ...state, start, bindShop, joinCreator, stop, clean, sendToken, refreshScripts };
}
