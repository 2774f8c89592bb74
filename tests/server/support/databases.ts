/**
 * `describeEachDatabase(name, fn)`: runs a suite twice, on a PGlite in a fresh folder and on a fresh
 * database of the run's PostgreSQL 15 server, each with a freshly built (and bootstrapped) app.
 * Both start migrated, from the run's templates (./templates).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import postgres from 'postgres';
import { buildApp } from '../../../server/app';
import { bootstrap } from '../../../server/bootstrap';
import { sql } from 'drizzle-orm';
import { loadConfig, type ServerConfig } from '../../../server/config';
import { openDatabase, type Database, type Db } from '../../../server/db/client';
import type { ApiResponse } from '#contract/api';
import { DEMO_PASSWORD } from '#contract/demoAccounts';
import { copyOfMigratedPglite, POSTGRES_TEMPLATE } from './templates';

export type DatabaseKind = 'pglite' | 'postgres';

export const TEST_ADMIN = { username: 'admin', password: 'Admin@test-1234' };

export interface SuiteOptions {
  /** Overrides of the test configuration (demo on, known admin password, generous rate limit). */
  config?: Partial<ServerConfig>;
  /** Run the bootstrap before building the app (default true). */
  bootstrap?: boolean;
  /**
   * Keep 需要两步验证 on the built-in roles as the bootstrap seeds it (超级管理员, 运营, 销售). Off by
   * default: the suites of other features sign their own staff accounts in with a password alone (the
   * demo accounts are exempt anyway); the second factor's and the new-device notice's suites keep it.
   */
  secondFactorRoles?: boolean;
  /** The databases to run on (default both): a measurement that only means something on PostgreSQL. */
  kinds?: readonly DatabaseKind[];
}

export interface CallOptions {
  token?: string;
  /** Client address of the request (default 127.0.0.1). */
  ip?: string;
  headers?: Record<string, string>;
}

export type CallAnswer<T = any> = ApiResponse<T> & { status: number; response: LightMyRequestResponse };

export interface SuiteContext {
  kind: DatabaseKind;
  app: FastifyInstance;
  db: Db;
  database: Database;
  config: ServerConfig;
  /** POST /api/admin/<path> with a JSON body (undefined sends none); answers the parsed wrapper. */
  call<T = any>(path: string, body?: unknown, options?: CallOptions): Promise<CallAnswer<T>>;
  /** Logs in and answers the token (throws when the login fails). */
  login(username: string, password?: string, extra?: Record<string, unknown>): Promise<string>;
  /** A plug-in token for the session of `sessionToken` (`plugin/token`), for the plug-in's calls. */
  pluginToken(sessionToken: string): Promise<string>;
  /** A bind id (`shop/bindStart`) for the account of `sessionToken`, which `shop/report` takes once. */
  startBind(sessionToken: string): Promise<string>;
  /** Opens another database handle on the same database (a second "instance"). */
  openSecond(): Promise<Database>;
}

/** The card fingerprint key of the test servers (a real server takes it from its env or key file). */
export const TEST_CARD_FINGERPRINT_KEY = 'test-card-fingerprint-key';

export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    ...loadConfig({}),
    cardFingerprintKey: TEST_CARD_FINGERPRINT_KEY,
    staticDir: '/nonexistent-console-dist',
    adminUsername: TEST_ADMIN.username,
    adminPassword: TEST_ADMIN.password,
    demo: true,
    authRateLimitPerMinute: 100_000,
    // The suites sign the demo accounts in hundreds of times; the limit's own test sets it low.
    sessionsPerAccount: 10_000,
    // A suite's tokens are signed in once and used for minutes: the step-up's own test ages its proofs.
    stepUpSeconds: 3600,
    apiRateLimitPerMinute: 1_000_000,
    logLevel: 'silent',
    checkAnswers: true,
    ...overrides,
  };
}

interface FreshDatabase {
  database: Database;
  reopen(): Promise<Database>;
  drop(): Promise<void>;
}

export async function freshDatabase(kind: DatabaseKind, poolSize = 5): Promise<FreshDatabase> {
  if (kind === 'pglite') {
    const dataDir = copyOfMigratedPglite();
    const database = await openDatabase({ dataDir });
    return {
      database,
      reopen: async () => {
        throw new Error('a PGlite is opened by one process once');
      },
      drop: async () => {
        if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = process.env.TEST_POSTGRES_URL;
  if (!adminUrl) throw new Error('TEST_POSTGRES_URL is not set: the server tests need their globalSetup (jest --selectProjects server)');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name} template ${POSTGRES_TEMPLATE}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize });
  return {
    database,
    reopen: () => openDatabase({ databaseUrl: url.toString(), poolSize }),
    drop: async () => {
      const sql = postgres(adminUrl, { max: 1, onnotice: () => {} });
      await sql.unsafe(`drop database if exists ${name} with (force)`);
      await sql.end();
    },
  };
}

export async function injectCall(app: FastifyInstance, path: string, body?: unknown, options: CallOptions = {}): Promise<CallAnswer> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await app.inject({
    method: 'POST',
    url: `/api/admin/${path}`,
    headers,
    payload: body === undefined ? undefined : JSON.stringify(body),
    remoteAddress: options.ip ?? '127.0.0.1',
  });
  return { ...response.json<ApiResponse<any>>(), status: response.statusCode, response };
}

/**
 * Turns 需要两步验证 off on every role: the suites of other features (and the ones that start servers
 * of their own) sign their staff accounts in with a password alone. The seed's flags are checked in
 * tests/server/secondFactor.test.ts.
 */
export const WITHOUT_SECOND_FACTOR_ROLES_SQL = 'update roles set requires_second_factor = false';
export const WITHOUT_SECOND_FACTOR_ROLES = sql.raw(WITHOUT_SECOND_FACTOR_ROLES_SQL);

export function describeEachDatabase(name: string, fn: (ctx: SuiteContext) => void, options: SuiteOptions = {}) {
  for (const kind of options.kinds ?? (['pglite', 'postgres'] as const)) {
    describe(`${name} [${kind}]`, () => {
      const ctx = { kind } as SuiteContext;
      let fresh: FreshDatabase;
      const extra: Database[] = [];

      beforeAll(async () => {
        fresh = await freshDatabase(kind);
        const config = testConfig(options.config);
        if (options.bootstrap !== false) await bootstrap({ db: fresh.database.db, config, print: () => {} });
        if (!options.secondFactorRoles) await fresh.database.db.execute(WITHOUT_SECOND_FACTOR_ROLES);
        Object.assign(ctx, {
          database: fresh.database,
          db: fresh.database.db,
          config,
          app: await buildApp({ db: fresh.database.db, config, compileSchemasOnFirstUse: true }),
        });
        ctx.call = (path, body, callOptions) => injectCall(ctx.app, path, body, callOptions);
        ctx.login = async (username, password = DEMO_PASSWORD, more = {}) => {
          const answer = await ctx.call('account/login', { username, password, ...more });
          if (!answer.isSuccess) throw new Error(`login ${username} failed: ${answer.code} ${answer.msg}`);
          return answer.content.token as string;
        };
        ctx.pluginToken = async (sessionToken) => {
          const answer = await ctx.call('plugin/token', {}, { token: sessionToken });
          if (!answer.isSuccess) throw new Error(`plugin/token failed: ${answer.code} ${answer.msg}`);
          return answer.content.token as string;
        };
        ctx.startBind = async (sessionToken) => {
          const answer = await ctx.call('shop/bindStart', {}, { token: sessionToken });
          if (!answer.isSuccess) throw new Error(`shop/bindStart failed: ${answer.code} ${answer.msg}`);
          return answer.content.bindId as string;
        };
        ctx.openSecond = async () => {
          const second = await fresh.reopen();
          extra.push(second);
          return second;
        };
      });

      afterAll(async () => {
        await ctx.app?.close();
        for (const database of extra) await database.close();
        await fresh?.database.close();
        await fresh?.drop();
      });

      fn(ctx);
    });
  }
}
