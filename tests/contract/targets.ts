/**
 * The two implementations of the API contract, each behind a real HTTP port on 127.0.0.1:
 * the server (buildApp on an in-memory PGlite) and the umi mock endpoints (mock/api.ts behind umi's
 * own mock middleware, as `max dev` serves them).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { MOCK_CONFIG } from '../../config/mock';
import { keepJsonBody } from '../../mock/support/jsonBody';
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

/* eslint-disable @typescript-eslint/no-require-imports -- compiled CommonJS files of umi without type declarations, loaded as the dev server loads them */
// umi's own dev-server pieces (the versions `max dev` runs): express, its CORS and compression
// middleware, and the mock feature's loader and middleware (body-parser, multer, path-to-regexp).
const express = require('@umijs/bundler-utils/compiled/express') as () => any;
const cors = require('cors') as (options: object) => any;
const compression = require('@umijs/bundler-webpack/compiled/compression') as () => any;
const { createMockMiddleware } = require('@umijs/preset-umi/dist/features/mock/createMockMiddleware') as {
  createMockMiddleware(opts: { context: { mockData: unknown } }): any;
};
const { getMockData } = require('@umijs/preset-umi/dist/features/mock/getMockData') as {
  getMockData(opts: { cwd: string; mockConfig: object }): unknown;
};
/* eslint-enable @typescript-eslint/no-require-imports */

/**
 * The mock files behind the middleware stack `max dev` puts in front of them (see
 * @umijs/bundler-webpack's dev server and @umijs/preset-umi's mock feature): CORS, compression,
 * the project's JSON body keeper (config/mockJsonBody.ts), then the mock middleware, which parses
 * every other non-GET body before the handler sees it. Only the bundler (webpack) is left out.
 */
export async function startMockTarget(): Promise<Target> {
  const app = express();
  app.use(cors({ origin: true, methods: ['GET', 'HEAD', 'PUT', 'POST', 'PATCH', 'DELETE', 'OPTIONS'], credentials: true }));
  app.use(compression());
  const context = { mockData: getMockData({ cwd: path.resolve(__dirname, '../..'), mockConfig: MOCK_CONFIG }) };
  // config/mockJsonBody.ts puts it in front of umi's mock middleware under `max dev`.
  app.use(keepJsonBody);
  app.use(createMockMiddleware({ context }));
  app.use((_req: http.IncomingMessage, res: http.ServerResponse) => {
    res.statusCode = 404;
    res.end('not mocked');
  });
  const server = http.createServer(app);
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
