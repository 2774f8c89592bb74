/**
 * The HTTP application: the API calls under /api/admin, the probes (/api/health, /api/ready), and
 * the built console.
 * `buildApp` answers a Fastify instance that is not listening, for `main.ts`, tests (`app.inject`)
 * and the umi mock endpoints alike.
 */
import { LOG_SERIALIZERS } from './http/requestLog';
import { clientNetwork } from './clientNetwork';
import fastifyCompress from '@fastify/compress';
import fastifyRateLimit from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyError, type FastifyInstance } from 'fastify';
import { CODE_MESSAGES, CODES } from '#contract/codes';
import { API_PREFIX } from '#contract/constants';
import { CAPABILITY_URLS } from '#contract/capabilities';
import type { ServerConfig } from './config';
import type { Db } from './db/client';
import { withTransactionRetry } from './db/retry';
import { startPruning } from './auth/maintenance';
import { listenerOf } from './db/listen';
import { NotificationHub } from './notification/hub';
import { startNotificationJobs } from './notification/periodicJobs';
import { startRunHousekeeping } from './run/housekeeping';
import { startOrderFigures } from './dashboard/orderFigures';
import { startCommissionRelease } from './ledger/commissionRelease';
import { startDailyReconciliation } from './reconciliation/reconcile';
import { registerNotificationStream } from './notification/streamRoute';
import { CALLS, EXPORTS } from './handlers';
import { BODY_LIMIT_BYTES } from './http/bodyLimit';
import { storableDateTimeFormat, textSafeKeyword } from './http/bodySafety';
import { authenticateRequest, registerCalls } from './http/calls';
import { registerExports } from './http/exports';

import { errorSignature, ErrorLogLimiter, summariseError } from './http/errorLog';
import { mediaRoutes } from './http/mediaRoutes';
import { HTTP_MESSAGES } from './http/messages';
import { fail, sendFailure } from './http/respond';
import { Refusal } from './refusal';
import { validationRefusal } from './http/validation';
import { RbacCache } from './rbac/snapshot';
import { OPENAPI_PATH, registerOpenApi } from './http/openapi';
import { registerSecurityHeaders } from './http/securityHeaders';
import { NOT_BUILT_TEXT, registerStatic, sendIndex } from './static';
import { REQUEST_ID_HEADER, requestIdGenerator } from './http/requestId';
import { ServerMetrics } from './metrics/metrics';
import { registerMetrics } from './metrics/routes';
import { configureHashPool, HashingBusy } from './auth/hashPool';
import { HASHING_BUSY_MESSAGE } from './auth/messages';
import { DEFAULT_POOL_SIZE } from './db/client';
import type { JobTimer } from './periodic';
import { compileOnFirstUse } from './http/lazyCompilers';
import { SecurityEventRecorder } from './securityEvent/record';
import { loggedUserAgent } from './auth/attempts';

export { CALLS };

export interface BuildOptions {
  db: Db;
  config: ServerConfig;
  /** A pino-compatible logger, `true` for Fastify's own at `config.logLevel`, or nothing for silence. */
  logger?: FastifyBaseLogger | boolean;
  /** Shared with `main.ts`: set `shuttingDown` when a stop begins and /api/ready answers 503. */
  lifecycle?: Lifecycle;
  /** Also export Node's own figures at /metrics (the server process; not the tests' many apps). */
  processMetrics?: boolean;
  /** Compile each route's schemas at its first request, not at start-up: the server tests' many apps (server/http/lazyCompilers.ts). */
  compileSchemasOnFirstUse?: boolean;
}

export interface Lifecycle {
  shuttingDown: boolean;
}

/** How long /api/ready waits for the database's `select 1` before answering 503. */
export const READY_TIMEOUT_MS = 2_000;

/** The probes: neither counted by the /api rate limit nor authenticated, never cached. */
export const PROBE_PATHS = ['/api/health', '/api/ready'] as const;

const BAD_PARAMETERS = CODE_MESSAGES[CODES.BAD_PARAMETERS];
/** The answers that may make a security event (server/securityEvent/record.ts). */
const SECURITY_CODES: ReadonlySet<string> = new Set([CODES.NOT_AUTHORISED, CODES.TOO_MANY_REQUESTS, CODES.BAD_PARAMETERS]);
const CALL_PREFIX = `${API_PREFIX}/`;

function clientErrorMessage(error: FastifyError): string {
  switch (error.statusCode) {
    case 413:
      return HTTP_MESSAGES.bodyTooLarge;
    case 415:
      return HTTP_MESSAGES.bodyNotJsonType;
    default:
      return error.code === 'ERR_INVALID_JSON' ? HTTP_MESSAGES.bodyNotJson : BAD_PARAMETERS;
  }
}

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
const isProbe = (url: string) => (PROBE_PATHS as readonly string[]).includes(url.split('?')[0]);
/** A path whose last segment has an extension names a file: a missing one is a 404, not the SPA. */
const looksLikeFile = (url: string) => /\/[^/?]*\.[A-Za-z0-9]+(\?.*)?$/.test(url);

export async function buildApp({
  db,
  config,
  logger,
  lifecycle = { shuttingDown: false },
  processMetrics = false,
  compileSchemasOnFirstUse = false,
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // On close: stop accepting connections, close the idle keep-alive ones, let in-flight requests
    // finish; a request arriving meanwhile on an open connection gets 503 (both are Fastify's defaults).
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    bodyLimit: BODY_LIMIT_BYTES,
    // The request log never writes a stream's ticket (server/http/requestLog.ts).
    ...(typeof logger === 'object'
      ? { loggerInstance: logger.child({}, { serializers: LOG_SERIALIZERS }) }
      : { logger: logger ? { level: config.logLevel, serializers: LOG_SERIALIZERS } : false }),
    trustProxy: config.trustProxy,
    // The request's id: the trusted proxy's X-Request-Id, else a new one (server/http/requestId.ts).
    genReqId: requestIdGenerator(config.trustProxy),
    requestIdHeader: false,
    logController: new LogController({ disableRequestLogging: !config.logRequests }),
    ajv: {
      customOptions: {
        removeAdditional: false,
        coerceTypes: false,
        useDefaults: false,
        allErrors: false,
        verbose: true,
        keywords: ['patternMessage', 'limitMessage', textSafeKeyword],
      },
      // After ajv-formats: `date-time` also keeps the instant within what PostgreSQL stores.
      onCreate: storableDateTimeFormat,
    },
    ...(compileSchemasOnFirstUse ? { schemaController: { compilersFactory: compileOnFirstUse() } } : {}),
  }) as unknown as FastifyInstance;

  // Metrics (GET /metrics, server/metrics): every answer is counted by its call and code.
  // The hub starts further down; until then no stream is open.
  const streams = { open: () => 0 };
  const metrics = new ServerMetrics({
    transactions: () => ({ active: activity.active, poolSize: config.databaseUrl ? DEFAULT_POOL_SIZE : 1 }),
    openStreams: () => streams.open(),
  });
  if (processMetrics) metrics.collectProcessMetrics();
  configureHashPool(config.hashPool, (seconds) => metrics.hashWait.observe(seconds));
  registerMetrics(app, config, metrics);

  // Every answer names its request, so that a user's report finds its log lines.
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });

  // JSON bodies; an empty one counts as `{}` (logout, getMenus and getOne are sent without a body).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      const error = new Error('invalid JSON body') as FastifyError;
      error.statusCode = 400;
      (error as any).code = 'ERR_INVALID_JSON';
      done(error, undefined);
    }
  });

  // An unexpected failure is logged once per signature and minute, without the request's data.
  const failures = new ErrorLogLimiter();
  // Failures are sent as text: a call's route serialises only the success of its answer schema.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof Refusal) return sendFailure(reply.code(200), fail(error.code, error.message, error.content));
    if (error instanceof HashingBusy) return sendFailure(reply.code(200), fail(CODES.TOO_MANY_REQUESTS, HASHING_BUSY_MESSAGE));
    if (error.statusCode === 429) {
      // @fastify/rate-limit's per-address ceiling on /api (the login / register limit is A0501 with HTTP 200).
      return sendFailure(reply.code(429), fail(CODES.TOO_MANY_REQUESTS));
    }
    if (error.validation) {
      const { msg, content } = validationRefusal(error.validation);
      return sendFailure(reply.code(200), fail(CODES.BAD_PARAMETERS, msg, content));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return sendFailure(reply.code(error.statusCode), fail(CODES.BAD_PARAMETERS, clientErrorMessage(error)));
    }
    const summary = summariseError(error);
    const route = request.routeOptions.url ?? 'unrouted';
    const { log, suppressed } = failures.admit(errorSignature(route, summary));
    if (log) request.log.error({ err: summary, route, ...(suppressed ? { suppressed } : {}) }, 'unexpected failure');
    return sendFailure(reply.code(500), fail(CODES.SERVER_ERROR, undefined, { requestId: request.id }));
  });

  // Security events (server/securityEvent/record.ts): every A0301 and A0501 under /api, and bursts
  // of A0400, recorded before the answer leaves (a failed insert is logged, never the request's failure).
  const securityEvents = new SecurityEventRecorder(db, app.log);
  app.addHook('onSend', async (request, reply, payload) => {
    const code = reply.answerCode;
    if (code && SECURITY_CODES.has(code) && isApiPath(request.url)) {
      const route = request.routeOptions.url ?? request.url.split('?', 1)[0];
      await securityEvents.answered({
        code,
        path: route.startsWith(CALL_PREFIX) ? route.slice(CALL_PREFIX.length) : route,
        ceiling: reply.statusCode === 429,
        account: request.account,
        ip: request.ip,
        userAgent: loggedUserAgent(request.headers['user-agent'] ?? null),
      });
    }
    return payload;
  });

  await registerSecurityHeaders(app, {
    staticDir: config.staticDir,
    publicUrl: config.publicUrl,
    hstsIncludeSubDomains: config.hstsIncludeSubDomains,
  });
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
  // A generous ceiling per client network (request.ip, so behind TRUST_PROXY the forwarded one; an
  // IPv6 address counts as its /64) on every /api request, counted in this instance's memory; the
  // console's static files are not counted. Login and register also have their own, database-wide,
  // limit (server/auth/attempts.ts).
  await app.register(fastifyRateLimit, {
    global: true,
    max: config.apiRateLimitPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => clientNetwork(request.ip),
    allowList: (request) => !isApiPath(request.url) || isProbe(request.url),
  });

  // Liveness: the process answers (never touches the database). Readiness: the database answers
  // `select 1` and no stop has begun. Both exempt from the /api ceiling, so a balancer's or an
  // orchestrator's probes never meet a 429.
  // Once a stop has begun every answer closes its connection, so keep-alive clients (a balancer's
  // pooled connections too) go elsewhere and app.close() is not held up by an idle socket.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (lifecycle.shuttingDown) reply.header('connection', 'close');
    return payload;
  });
  app.get('/api/health', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });
  app.get('/api/ready', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (lifecycle.shuttingDown) return reply.code(503).send({ status: 'shutting-down' });
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        db.execute(sql`select 1`),
        new Promise((_resolve, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
        }),
      ]);
    } catch (error) {
      request.log.warn({ err: error }, 'readiness: the database does not answer');
      return reply.code(503).send({ status: 'database-unavailable' });
    } finally {
      clearTimeout(timer);
    }
    return { status: 'ok' };
  });
  const activity = { active: 0 };
  const retrying = withTransactionRetry(
    db,
    (retry) => {
      metrics.transactionRetries.inc({ code: retry.code });
      app.log.warn(retry, 'transaction retried');
    },
    activity,
  );
  const services = { db: retrying, config, rbac: new RbacCache(db) };
  // The API document for staff signed in to the console, unless PUBLIC_API_DOCS opens it to all.
  const staffOnly = { anyGrant: [CAPABILITY_URLS.canSeeSystem] } as const;
  await registerOpenApi(
    app,
    config.publicApiDocs ? undefined : (request) => authenticateRequest(services, request, staffOnly, OPENAPI_PATH),
  );
  registerCalls(app, services, CALLS);
  registerExports(app, services, EXPORTS);
  const timeJob: JobTimer = (job, round) => metrics.timeJob(job, round);
  const pruning = startPruning(retrying, app.log, undefined, timeJob);
  app.addHook('onClose', () => pruning.stop());
  const notificationJobs = startNotificationJobs(retrying, app.log, undefined, timeJob);
  app.addHook('onClose', () => notificationJobs.stop());
  const runHousekeeping = startRunHousekeeping(retrying, app.log, undefined, timeJob);
  app.addHook('onClose', () => runHousekeeping.stop());
  const orderFigures = startOrderFigures(retrying, config.businessTimeZone, app.log, undefined, timeJob);
  app.addHook('onClose', () => orderFigures.stop());
  const commissionRelease = startCommissionRelease(retrying, app.log, undefined, timeJob);
  app.addHook('onClose', () => commissionRelease.stop());
  const reconciliation = startDailyReconciliation(retrying, config.businessTimeZone, app.log, undefined, timeJob);
  app.addHook('onClose', () => reconciliation.stop());
  // Live notifications: this instance listens on the database's notification channel.
  const hub = new NotificationHub({
    db,
    rbac: services.rbac,
    idleSeconds: config.sessionIdleSeconds,
    timeZone: config.businessTimeZone,
    log: app.log,
    heartbeatMs: config.streamHeartbeatMs,
  });
  await hub.start(listenerOf(db));
  streams.open = () => hub.size;
  // Open streams would hold app.close() until their clients leave: end them first (they reconnect elsewhere).
  app.addHook('preClose', async () => hub.stop());
  registerNotificationStream(app, services, hub);
  await app.register(mediaRoutes, services);

  const built = await registerStatic(app, config.staticDir);
  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    if (isApiPath(url)) return sendFailure(reply.code(404), fail(CODES.BAD_PARAMETERS, HTTP_MESSAGES.noSuchCall));
    if ((request.method === 'GET' || request.method === 'HEAD') && !looksLikeFile(url)) {
      if (built) return sendIndex(reply);
      return reply.code(200).type('text/plain; charset=utf-8').header('cache-control', 'no-cache').send(NOT_BUILT_TEXT);
    }
    return reply.code(404).type('text/plain; charset=utf-8').send('Not Found\n');
  });

  return app;
}
