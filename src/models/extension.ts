/**
 * `useModel('extension')`: the plug-in's connection state and its four flows. The bridge itself is
 * loaded on first use (the client area's header starts it), so pages outside the client area,
 * /login first of all, carry none of it.
 */
import { useCallback, useRef, useState } from 'react';
import type { BindRequest, PluginController, PluginState } from '@/extensionBridge/controller';

const INITIAL: PluginState = { connected: false, pluginVersion: null, running: null };

export default function usePluginModel() {
  const [state, setState] = useState<PluginState>(INITIAL);
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
    async (productIds: string[], creatorUrl: string) => (await start()).joinCreator(productIds, creatorUrl),
    [start],
  );
  const stop = useCallback(async (creatorUrl: string) => (await start()).stop(creatorUrl), [start]);
  const clean = useCallback(async () => (await start()).clean(), [start]);
  /** After a login or a logout: tells a connected plug-in the current token (never loads the bridge). */
  const sendToken = useCallback(async () => {
    if (controller.current) (await controller.current).sendToken();
  }, []);

  return { ...state, start, bindShop, joinCreator, stop, clean, sendToken };
}
