/**
 * `max dev` on `HOST` only (default 127.0.0.1). umi's dev server (@umijs/bundler-webpack,
 * server/server.js) calls `server.listen(port, callback)` without a host, so it listens on every
 * interface whatever `HOST` says (umi reads `HOST` for its banner only), while the mock endpoints
 * have fixed, documented passwords. No option or hook hands over that server, so this plugin gives
 * the dev server's `listen` call its host: the one call for the dev port made without a host.
 * `HOST=0.0.0.0 npm run dev` opens it to the network on purpose.
 */
import net from 'node:net';
import type { IApi } from '@umijs/max';

export const DEV_DEFAULT_HOST = '127.0.0.1';

export default (api: IApi) => {
  if (api.name !== 'dev') return;
  process.env.HOST ||= DEV_DEFAULT_HOST;
  const host = process.env.HOST;
  const listen = net.Server.prototype.listen;
  const guarded = Symbol.for('creator-console.dev-host');
  const proto = net.Server.prototype as unknown as Record<symbol, boolean>;
  if (proto[guarded]) return;
  proto[guarded] = true;
  net.Server.prototype.listen = function listenOnHost(this: net.Server, ...args: unknown[]) {
    const [port, second] = args;
    const devPort = api.appData?.port;
    if (devPort !== undefined && Number(port) === Number(devPort) && typeof second !== 'string') {
      args.splice(1, 0, host);
      this.once('listening', () =>
        api.logger.info(`[dev] listening on ${host}:${devPort} only (HOST=${host}; HOST=0.0.0.0 opens it to the network)`),
      );
    }
    return (listen as (...rest: unknown[]) => net.Server).apply(this, args);
  } as typeof listen;
};
