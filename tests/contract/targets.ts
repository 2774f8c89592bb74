/**
 * The two implementations of the API contract, each behind a real HTTP port on 127.0.0.1:
 * the server (buildApp on an in-memory PGlite) and the umi mock endpoints (mock/api.ts, routed
 * the way umi's mock middleware routes them).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import mockRoutes from '../../mock/api';
import { buildApp } from '../../server/app';
import { bootstrap } from '../../server/bootstrap';
import { openDatabase } from '../../server/db/client';
import { testConfig } from '../server/support/databases';

export interface Target {
  name: 'server' | 'mock';
  baseUrl: string;
  close(): Promise<void>;
}

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
  });
}

export async function startServerTarget(): Promise<Target> {
  const config = testConfig();
  const database = await openDatabase({});
  await bootstrap({ db: database.db, config, print: () => {} });
  const app = await buildApp({ db: database.db, config });
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    name: 'server',
    baseUrl,
    close: async () => {
      // Every case has its answer by now; a keep-alive socket (fetch's pool) must not hold the close.
      app.server.closeAllConnections();
      await app.close();
      await database.close();
    },
  };
}

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => unknown;

/** Matches `METHOD /path` keys with `*` wildcards, like umi's mock middleware (path-to-regexp). */
function route(routes: Record<string, Handler>, method: string, path: string): Handler | undefined {
  for (const [key, handler] of Object.entries(routes)) {
    const [keyMethod, keyPath] = key.split(' ');
    const pattern = new RegExp(`^${keyPath.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
    if (keyMethod === method && pattern.test(path)) return handler;
  }
  return undefined;
}

export async function startMockTarget(): Promise<Target> {
  const server = http.createServer((req, res) => {
    const handler = route(mockRoutes as Record<string, Handler>, req.method ?? 'GET', (req.url ?? '/').split('?')[0]);
    if (!handler) {
      res.statusCode = 404;
      res.end('not mocked');
      return;
    }
    void handler(req, res);
  });
  const baseUrl = await listen(server);
  return {
    name: 'mock',
    baseUrl,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export async function post<T = any>(baseUrl: string, path: string, body?: unknown, token?: string) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, text, json: (text ? JSON.parse(text) : null) as T };
}
