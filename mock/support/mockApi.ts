/**
 * The mock API behind mock/api.ts, written against Node's own request/response so it runs under
 * umi's mock middleware (express) and under the contract tests' plain http server alike.
 */
import { randomUUID } from 'node:crypto';
import { request as httpRequest, type IncomingMessage, type OutgoingHttpHeader, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { bootstrap } from '../../server/bootstrap';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { startMailbox } from '../../scripts/lib/mailbox';
import { isJsonType, type RawBodyRequest } from './jsonBody';
import { seedFactorAccounts } from './factorAccounts';

export type ScenarioKind = 'fail' | 'empty';

export interface Scenario {
  kind: ScenarioKind;
  /** A call path such as `account/getMenus`; every call when absent. */
  path?: string;
}

/**
 * Who a scenario applies to: every browser and account (`global`, the default), the browser that
 * set it (`browser`: a cookie names it), or the calls made with one account's login (`account`).
 * The narrowest one that is set wins: browser, then account, then global.
 */
export type ScenarioScope = 'global' | 'browser' | 'account';

/** The cookie naming a browser for `scope: "browser"` scenarios (set by the mock when first needed). */
export const MOCK_BROWSER_COOKIE = 'mock_browser';

/** A file as umi's mock middleware hands it over (multer's memory storage). */
interface ParsedFile {
  fieldname: string;
  originalname: string;
  mimetype?: string;
  buffer: Buffer;
}

/**
 * Under umi's mock middleware the body has been read before the handler: a JSON one into
 * `rawBody` (./jsonBody.ts, in front of umi's middleware), urlencoded by body-parser into `body`
 * with `_body` set, multipart by multer into `body` and `files`. Any other is the unread stream.
 */
type MockRequest = RawBodyRequest & { body?: unknown; files?: ParsedFile[] };

/**
 * The failing answer of the `fail` scenario: one sentence that says it is the mock's doing, and no
 * detail (a detail is a second toast; calls failing together already share one, src/kit/feedback.ts).
 */
export const MOCK_FAILURE = {
  isSuccess: false,
  code: 'B0001',
  msg: '模拟失败（mock 场景 fail）：系统繁忙，请稍后再试',
  content: '',
} as const;

/** The mock's administrator password (mock only; a real server never starts with a known one). */
export const MOCK_ADMIN_PASSWORD = 'Admin@Console-2025';
/** The mock's payout card fingerprint key (in-memory database; a real server reads its env or key file). */
export const MOCK_CARD_FINGERPRINT_KEY = 'mock-card-fingerprint-key';

interface MockState {
  app: Promise<FastifyInstance>;
  /** The global scenario. */
  scenario: Scenario | null;
  browsers: Map<string, Scenario>;
  /** By username. */
  accounts: Map<string, Scenario>;
  /** Which account a token logged in (learnt from the login answers that pass through). */
  tokens: Map<string, string>;
}

// umi re-requires mock files on every edit: keep one database and app per process.
const globalKey = Symbol.for('creator-console.mock-api');
const holder = globalThis as unknown as Record<symbol, MockState | undefined>;

/**
 * 忘记密码 works under the mock: its mail goes to an SMTP server of the mock's own on 127.0.0.1, and
 * is printed in the dev server's terminal (the code, to type into the reset form).
 */
async function mockMail() {
  const mailbox = await startMailbox({
    unref: true,
    onMail: (mail) => console.info(`[mock] 邮件 → ${mail.to.join(', ')}：${mail.subject}\n${mail.text}`),
  });
  return { smtpUrl: mailbox.url, from: 'Mock Console <console@example.com>' };
}

async function startApp(): Promise<FastifyInstance> {
  const config = {
    ...loadConfig({}),
    cardFingerprintKey: MOCK_CARD_FINGERPRINT_KEY,
    demo: true,
    adminPassword: MOCK_ADMIN_PASSWORD,
    authRateLimitPerMinute: 10_000,
    // Every call of the dev server comes through here from one address.
    apiRateLimitPerMinute: 1_000_000,
    mail: await mockMail(),
  };
  const database = await openDatabase({});
  await bootstrap({ db: database.db, config, print: () => {} });
  await seedFactorAccounts(database.db);
  const app = await buildApp({ db: database.db, config });
  await app.ready();
  return app;
}

function state(): MockState {
  holder[globalKey] ??= { app: startApp(), scenario: null, browsers: new Map(), accounts: new Map(), tokens: new Map() };
  // A holder from before this file gained scopes (umi re-requires mock files on edits).
  holder[globalKey].browsers ??= new Map();
  holder[globalKey].accounts ??= new Map();
  holder[globalKey].tokens ??= new Map();
  return holder[globalKey];
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

async function readRaw(req: MockRequest): Promise<Buffer> {
  if (req.rawBody) return req.rawBody;
  if (req._body && isJsonType(req.headers['content-type'])) {
    // body-parser got here first and, on a bad body, left `{}` without a word.
    throw new Error(
      "the JSON body was parsed before the mock: mount keepJsonBody (mock/support/jsonBody.ts) in front of umi's mock middleware",
    );
  }
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The scenario switch's own JSON body (an empty one is `{}`). */
async function readJson(req: MockRequest): Promise<unknown> {
  const text = (await readRaw(req)).toString('utf8');
  return text.trim() ? JSON.parse(text) : {};
}

/** A text field's values as multer's append-field left them (a name given twice is an array). */
function fieldValues(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(fieldValues);
  if (value === undefined || value === null) return [];
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return [String(value)];
  return [JSON.stringify(value)];
}

/** A part header's quoted value, written the way browsers write it (UTF-8 bytes; `"` and newlines escaped). */
const quoted = (text: string) => `"${text.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A')}"`;

/**
 * The multipart body again, from what multer parsed: the text fields first, then the files (a
 * browser's FormData order for the console's uploads), each file with its name and type.
 */
export function rebuildMultipart(fields: Record<string, unknown>, files: readonly ParsedFile[]): { body: Buffer; contentType: string } {
  const boundary = `----umi-mock-${Math.random().toString(16).slice(2)}${Date.now().toString(16)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields ?? {})) {
    for (const text of fieldValues(value)) {
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name=${quoted(name)}\r\n\r\n${text}\r\n`, 'utf8'));
    }
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name=${quoted(file.fieldname)}; filename=${quoted(file.originalname)}\r\n` +
          `Content-Type: ${file.mimetype || 'application/octet-stream'}\r\n\r\n`,
        'utf8',
      ),
      file.buffer,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * The request's body as the server must get it: a JSON body's own bytes, a body umi's middleware
 * has parsed written again (urlencoded, multipart), any other type the unread stream.
 */
async function bodyToForward(req: MockRequest): Promise<{ payload?: string | Buffer; contentType?: string }> {
  const contentType = req.headers['content-type'];
  if (req.method === 'GET' || req.method === 'HEAD') return { contentType };
  if (req.files) {
    const rebuilt = rebuildMultipart((req.body ?? {}) as Record<string, unknown>, req.files);
    return { payload: rebuilt.body, contentType: rebuilt.contentType };
  }
  if (req._body && contentType && /application\/x-www-form-urlencoded/i.test(contentType)) {
    const form = new URLSearchParams();
    for (const [name, value] of Object.entries((req.body ?? {}) as Record<string, unknown>))
      for (const text of fieldValues(value)) form.append(name, text);
    return { payload: form.toString(), contentType };
  }
  return { payload: await readRaw(req), contentType };
}

function callPath(url: string): string {
  return url.split('?')[0].replace(/^\/api\/admin\//, '');
}

function cookie(req: IncomingMessage, name: string): string | undefined {
  for (const pair of String(req.headers.cookie ?? '').split(';')) {
    const [key, ...value] = pair.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

function bearer(req: IncomingMessage): string | undefined {
  return /^Bearer\s+(.+)$/i.exec(String(req.headers.authorization ?? ''))?.[1];
}

/** The request's account, when its token came from a login made through the mock. */
function accountOf(req: IncomingMessage): string | undefined {
  const token = bearer(req);
  return token ? state().tokens.get(token) : undefined;
}

/** The scenarios that apply to this request's browser and account, narrowest first. */
function scenariosFor(req: IncomingMessage): Array<Scenario & { scope: ScenarioScope }> {
  const { scenario, browsers, accounts } = state();
  const browser = cookie(req, MOCK_BROWSER_COOKIE);
  const account = accountOf(req);
  return [
    ...(browser && browsers.has(browser) ? [{ ...browsers.get(browser)!, scope: 'browser' as const }] : []),
    ...(account && accounts.has(account) ? [{ ...accounts.get(account)!, scope: 'account' as const }] : []),
    ...(scenario ? [{ ...scenario, scope: 'global' as const }] : []),
  ];
}

/** The scenario this call meets: the narrowest scope that has one set decides (its path may spare the call). */
function scenarioFor(req: IncomingMessage): Scenario | null {
  const [scenario] = scenariosFor(req);
  if (!scenario) return null;
  return !scenario.path || scenario.path === callPath(req.url ?? '/') ? scenario : null;
}

const answer = (content: unknown) => JSON.stringify({ isSuccess: true, code: '00000', msg: '成功', content });
const refusal = (msg: string) => JSON.stringify({ isSuccess: false, code: 'A0400', msg, content: null });

const SCOPES: readonly string[] = ['global', 'browser', 'account', 'all'];

/** What `GET /api/mock/scenario` answers: the scenarios that apply to the asking browser and account. */
function scenarioReport(req: IncomingMessage, browserId = cookie(req, MOCK_BROWSER_COOKIE)) {
  const { scenario, browsers, accounts } = state();
  const account = accountOf(req);
  const browser = browserId ? (browsers.get(browserId) ?? null) : null;
  const own = account ? (accounts.get(account) ?? null) : null;
  const active = browser
    ? { ...browser, scope: 'browser' }
    : own
      ? { ...own, scope: 'account' }
      : scenario
        ? { ...scenario, scope: 'global' }
        : null;
  return {
    /** The one this browser's calls meet (the narrowest set), or null. */
    active,
    global: scenario,
    browser,
    account: account ? { username: account, scenario: own } : null,
    /** Every account-scoped scenario, by username. */
    accounts: Object.fromEntries(accounts),
  };
}

export function createMockApi() {
  state();

  async function forward(req: MockRequest, res: ServerResponse) {
    try {
      const url = req.url ?? '/';
      const scenario = scenarioFor(req);
      if (scenario?.kind === 'fail') return send(res, 200, JSON.stringify(MOCK_FAILURE));
      if (scenario?.kind === 'empty') return send(res, 200, '');
      const app = await state().app;
      const { payload, contentType } = await bodyToForward(req);
      const answer = await app.inject({
        method: req.method as 'GET' | 'POST',
        url,
        headers: {
          ...(contentType ? { 'content-type': contentType } : {}),
          ...Object.fromEntries(FORWARDED_HEADERS.flatMap((name) => (req.headers[name] ? [[name, String(req.headers[name])]] : []))),
        },
        payload,
      });
      for (const name of PASSED_HEADERS) {
        const value = answer.headers[name];
        if (value !== undefined) res.setHeader(name, String(value));
      }
      rememberLogin(answer.headers['content-type'], answer.rawPayload);
      send(res, answer.statusCode, answer.rawPayload, String(answer.headers['content-type'] ?? 'application/json'));
    } catch (error) {
      console.error('[mock]', error);
      send(res, 500, JSON.stringify({ isSuccess: false, code: 'B0001', msg: '系统繁忙，请稍后再试', content: null }));
    }
  }

  /**
   * The live notifications (`GET /api/admin/notification/stream`, Server-Sent Events): `inject`
   * answers only once a response ends, and a stream never does, so the mock's server listens on a
   * loopback port of its own (once) and the stream is piped from there as it comes.
   */
  async function stream(req: MockRequest, res: ServerResponse) {
    try {
      const app = await state().app;
      if (!app.server.listening) await app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = app.server.address() as AddressInfo;
      const headers = Object.fromEntries(
        ['accept', 'last-event-id', ...FORWARDED_HEADERS].flatMap((name) => (req.headers[name] ? [[name, String(req.headers[name])]] : [])),
      );
      const upstream = httpRequest({ host: '127.0.0.1', port, method: 'GET', path: req.url, headers }, (answer) => {
        // no-transform: umi's dev server compresses answers and would hold the events back.
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'cache-control': 'no-cache, no-transform' });
        res.flushHeaders();
        answer.pipe(res);
      });
      upstream.on('error', () => res.destroy());
      res.on('close', () => upstream.destroy());
      upstream.end();
    } catch (error) {
      console.error('[mock]', error);
      send(res, 500, JSON.stringify({ isSuccess: false, code: 'B0001', msg: '系统繁忙，请稍后再试', content: null }));
    }
  }

  /** A login's token, so that `scope: "account"` scenarios know whose calls they are. */
  function rememberLogin(type: OutgoingHttpHeader | undefined, raw: Buffer) {
    if (!/json/i.test(String(type ?? '')) || raw.length > 64 * 1024 || !raw.includes('"token"')) return;
    try {
      const content = (JSON.parse(raw.toString('utf8')) as { content?: { token?: unknown; username?: unknown } }).content;
      if (typeof content?.token === 'string' && typeof content.username === 'string') state().tokens.set(content.token, content.username);
    } catch {
      // not a login answer
    }
  }

  async function setScenario(req: MockRequest, res: ServerResponse) {
    let body: Partial<Scenario> & { scenario?: unknown; scope?: unknown; account?: unknown; path?: unknown };
    try {
      body = (await readJson(req)) ?? {};
    } catch {
      return send(res, 200, refusal('参数错误：请求体不是有效的 JSON'));
    }
    const kind = body.scenario ?? body.kind;
    const scope = body.scope ?? 'global';
    if (typeof scope !== 'string' || !SCOPES.includes(scope))
      return send(res, 200, refusal('参数错误：scope 只能是 global、browser、account 或 all'));
    if (body.path !== undefined && body.path !== null && typeof body.path !== 'string')
      return send(res, 200, refusal('参数错误：path 应为调用路径，如 account/getMenus'));
    const none = kind === undefined || kind === null || kind === '' || kind === 'none';
    if (!none && kind !== 'fail' && kind !== 'empty') return send(res, 200, refusal('参数错误：scenario 只能是 fail、empty 或 none'));
    if (scope === 'all' && !none) return send(res, 200, refusal('参数错误：scope 为 all 时 scenario 只能是 none'));
    const scenario: Scenario | null = none ? null : { kind: kind, ...(body.path ? { path: body.path } : {}) };
    const mock = state();

    let browserId = cookie(req, MOCK_BROWSER_COOKIE);
    if (scope === 'all') {
      mock.scenario = null;
      mock.browsers.clear();
      mock.accounts.clear();
    } else if (scope === 'global') {
      mock.scenario = scenario;
    } else if (scope === 'browser') {
      if (!browserId && scenario) {
        browserId = randomUUID();
        res.setHeader('set-cookie', `${MOCK_BROWSER_COOKIE}=${browserId}; Path=/; SameSite=Lax; HttpOnly`);
      }
      if (browserId) {
        if (scenario) mock.browsers.set(browserId, scenario);
        else mock.browsers.delete(browserId);
      }
    } else {
      const account = typeof body.account === 'string' && body.account.trim() ? body.account.trim() : accountOf(req);
      if (!account) return send(res, 200, refusal('参数错误：scope 为 account 时需要 account（用户名）'));
      if (scenario) mock.accounts.set(account, scenario);
      else mock.accounts.delete(account);
    }
    send(res, 200, answer(scenarioReport(req, browserId)));
  }

  /** `GET /api/mock/scenario`: the scenarios that apply to this browser (and the token's account). */
  function getScenario(req: MockRequest, res: ServerResponse) {
    res.setHeader('cache-control', 'no-store');
    send(res, 200, answer(scenarioReport(req)));
  }

  return { forward, stream, setScenario, getScenario };
}
