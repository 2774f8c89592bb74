/**
 * The mock API behind mock/api.ts, written against Node's own request/response so it runs under
 * umi's mock middleware (express) and under the contract tests' plain http server alike.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { bootstrap } from '../../server/bootstrap';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';

export type ScenarioKind = 'fail' | 'empty';

export interface Scenario {
  kind: ScenarioKind;
  /** A call path such as `account/getMenus`; every call when absent. */
  path?: string;
}

type MockRequest = IncomingMessage & { body?: unknown };

/** The failing answer of the `fail` scenario: a wrapper failure with a message and a detail. */
export const MOCK_FAILURE = {
  isSuccess: false,
  code: 'B0001',
  msg: '模拟失败：系统繁忙，请稍后再试',
  content: 'mock scenario: fail',
} as const;

/** The mock's administrator password (mock only; a real server never starts with a known one). */
export const MOCK_ADMIN_PASSWORD = 'Admin@Console-2025';
/** The mock's payout card fingerprint key (in-memory database; a real server reads its env or key file). */
export const MOCK_CARD_FINGERPRINT_KEY = 'mock-card-fingerprint-key';

interface MockState {
  app: Promise<FastifyInstance>;
  scenario: Scenario | null;
}

// umi re-requires mock files on every edit: keep one database and app per process.
const globalKey = Symbol.for('creator-console.mock-api');
const holder = globalThis as unknown as Record<symbol, MockState | undefined>;

async function startApp(): Promise<FastifyInstance> {
  const config = {
    ...loadConfig({}),
    cardFingerprintKey: MOCK_CARD_FINGERPRINT_KEY,
    demo: true,
    adminPassword: MOCK_ADMIN_PASSWORD,
    authRateLimitPerMinute: 10_000,
    // Every call of the dev server comes through here from one address.
    apiRateLimitPerMinute: 1_000_000,
  };
  const database = await openDatabase({});
  await bootstrap({ db: database.db, config, print: () => {} });
  const app = await buildApp({ db: database.db, config });
  await app.ready();
  return app;
}

function state(): MockState {
  holder[globalKey] ??= { app: startApp(), scenario: null };
  return holder[globalKey]!;
}

function send(res: ServerResponse, status: number, body: string | Buffer, contentType = 'application/json; charset=utf-8') {
  res.statusCode = status;
  res.setHeader('content-type', contentType);
  res.end(body);
}

/** The browser's headers the server acts on: the token, the session's device, revalidation and byte ranges. */
const FORWARDED_HEADERS = ['authorization', 'user-agent', 'if-none-match', 'range', 'if-range'];
/** The server's headers a browser acts on (media files: caching, the upload-safety headers, byte ranges). */
const PASSED_HEADERS = [
  'etag',
  'cache-control',
  'x-content-type-options',
  'content-security-policy',
  'content-disposition',
  'accept-ranges',
  'content-range',
];

const isJson = (contentType: string | undefined) => !contentType || /application\/json/i.test(contentType);

async function readRaw(req: MockRequest): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function readBody(req: MockRequest): Promise<unknown> {
  // umi's mock middleware has already parsed JSON bodies; a plain server has not.
  if (req.body !== undefined) return req.body;
  const text = (await readRaw(req)).toString('utf8');
  return text ? JSON.parse(text) : {};
}

function callPath(url: string): string {
  return url.split('?')[0].replace(/^\/api\/admin\//, '');
}

function scenarioFor(url: string): Scenario | null {
  const scenario = state().scenario;
  if (!scenario) return null;
  return !scenario.path || scenario.path === callPath(url) ? scenario : null;
}

export function createMockApi() {
  state();

  async function forward(req: MockRequest, res: ServerResponse) {
    try {
      const url = req.url ?? '/';
      const scenario = scenarioFor(url);
      if (scenario?.kind === 'fail') return send(res, 200, JSON.stringify(MOCK_FAILURE));
      if (scenario?.kind === 'empty') return send(res, 200, '');
      const app = await state().app;
      const requestType = req.headers['content-type'];
      // JSON calls arrive parsed by umi's middleware; uploads (multipart) pass through as bytes.
      const payload =
        req.method === 'GET' ? undefined : isJson(requestType) ? JSON.stringify(await readBody(req)) : await readRaw(req);
      const answer = await app.inject({
        method: req.method as 'GET' | 'POST',
        url,
        headers: {
          'content-type': isJson(requestType) ? 'application/json' : String(requestType),
          ...Object.fromEntries(FORWARDED_HEADERS.flatMap((name) => (req.headers[name] ? [[name, String(req.headers[name])]] : []))),
        },
        payload,
      });
      for (const name of PASSED_HEADERS) {
        const value = answer.headers[name];
        if (value !== undefined) res.setHeader(name, String(value));
      }
      send(res, answer.statusCode, answer.rawPayload, String(answer.headers['content-type'] ?? 'application/json'));
    } catch (error) {
      console.error('[mock]', error);
      send(res, 500, JSON.stringify({ isSuccess: false, code: 'B0001', msg: '系统繁忙，请稍后再试', content: null }));
    }
  }

  async function setScenario(req: MockRequest, res: ServerResponse) {
    try {
      const body = ((await readBody(req)) ?? {}) as Partial<Scenario> & { scenario?: string };
      const kind = body.scenario ?? body.kind;
      if (kind === undefined || kind === null || kind === '' || kind === 'none') {
        state().scenario = null;
      } else if (kind === 'fail' || kind === 'empty') {
        state().scenario = { kind, path: body.path || undefined };
      } else {
        return send(res, 200, JSON.stringify({ isSuccess: false, code: 'A0400', msg: '参数错误：scenario 只能是 fail、empty 或 none', content: null }));
      }
      send(res, 200, JSON.stringify({ isSuccess: true, code: '00000', msg: '成功', content: state().scenario }));
    } catch {
      send(res, 200, JSON.stringify({ isSuccess: false, code: 'A0400', msg: '参数错误：请求体不是有效的 JSON', content: null }));
    }
  }

  return { forward, setScenario };
}
