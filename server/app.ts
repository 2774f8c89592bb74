/**
 * The HTTP application: the API calls under /api/admin, a bare health route, and the built console.
 * `buildApp` answers a Fastify instance that is not listening, for `main.ts`, tests (`app.inject`)
 * and the umi mock endpoints alike.
 */
import fastifyCompress from '@fastify/compress';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyError, type FastifyInstance } from 'fastify';
import { CODE_MESSAGES, CODES } from '../src/shared/codes';
import type { ServerConfig } from './config';
import type { Db } from './db/client';
import { startPruning } from './auth/maintenance';
import { CALLS } from './calls';
import { storableDateTimeFormat, textSafeKeyword } from './http/bodySafety';
import { registerCalls } from './http/calls';
import { errorSignature, ErrorLogLimiter, summariseError } from './http/errorLog';
import { mediaRoutes } from './media/routes';
import { fail, Refusal } from './http/respond';
import { validationMessage, type AjvError } from './http/validation';
import { RbacCache } from './rbac/snapshot';
import { registerSecurityHeaders } from './http/securityHeaders';
import { NOT_BUILT_TEXT, registerStatic, sendIndex } from './static';

export { CALLS };

export interface BuildOptions {
  db: Db;
  config: ServerConfig;
  /** A pino-compatible logger, `true` for Fastify's own at `config.logLevel`, or nothing for silence. */
  logger?: FastifyBaseLogger | boolean;
}

const BAD_PARAMETERS = CODE_MESSAGES[CODES.BAD_PARAMETERS];

function clientErrorMessage(error: FastifyError): string {
  switch (error.statusCode) {
    case 413:
      return `${BAD_PARAMETERS}：请求体过大`;
    case 415:
      return `${BAD_PARAMETERS}：请求体应为 JSON`;
    default:
      return error.code === 'ERR_INVALID_JSON' ? `${BAD_PARAMETERS}：请求体不是有效的 JSON` : BAD_PARAMETERS;
  }
}

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
/** A path whose last segment has an extension names a file: a missing one is a 404, not the SPA. */
const looksLikeFile = (url: string) => /\/[^/?]*\.[A-Za-z0-9]+(\?.*)?$/.test(url);

export async function buildApp({ db, config, logger }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(typeof logger === 'object' ? { loggerInstance: logger } : { logger: logger ? { level: config.logLevel } : false }),
    trustProxy: config.trustProxy,
    logController: new LogController({ disableRequestLogging: !config.logRequests }),
    ajv: {
      customOptions: {
        removeAdditional: false,
        coerceTypes: false,
        useDefaults: false,
        allErrors: false,
        verbose: true,
        keywords: ['patternMessage', textSafeKeyword],
      },
      // After ajv-formats: `date-time` also keeps the instant within what PostgreSQL stores.
      onCreate: storableDateTimeFormat,
    },
  }) as unknown as FastifyInstance;

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
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof Refusal) return reply.code(200).send(fail(error.code, error.message, error.content));
    if (error.statusCode === 429) {
      // @fastify/rate-limit's per-address ceiling on /api (the login / register limit is A0501 with HTTP 200).
      return reply.code(429).send(fail(CODES.TOO_MANY_REQUESTS));
    }
    if (error.validation) {
      return reply.code(200).send(fail(CODES.BAD_PARAMETERS, validationMessage(error.validation as AjvError[])));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return reply.code(error.statusCode).send(fail(CODES.BAD_PARAMETERS, clientErrorMessage(error)));
    }
    const summary = summariseError(error);
    const route = request.routeOptions.url ?? 'unrouted';
    const { log, suppressed } = failures.admit(errorSignature(route, summary));
    if (log) request.log.error({ err: summary, route, ...(suppressed ? { suppressed } : {}) }, 'unexpected failure');
    return reply.code(500).send(fail(CODES.SERVER_ERROR));
  });

  await registerSecurityHeaders(app, { staticDir: config.staticDir, publicUrl: config.publicUrl });
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
  // A generous ceiling per client address (request.ip, so behind TRUST_PROXY the forwarded one) on
  // every /api request, counted in this instance's memory; the console's static files are not
  // counted. Login and register also have their own, database-wide, limit (server/auth/attempts.ts).
  await app.register(fastifyRateLimit, {
    global: true,
    max: config.apiRateLimitPerMinute,
    timeWindow: 60_000,
    allowList: (request) => !isApiPath(request.url),
  });

  app.get('/api/health', async () => ({ ok: true }));
  const services = { db, config, rbac: new RbacCache(db) };
  registerCalls(app, services, CALLS);
  const pruning = startPruning(db, config, app.log);
  app.addHook('onClose', () => pruning.stop());
  await app.register(mediaRoutes, services);

  const built = await registerStatic(app, config.staticDir);
  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    if (isApiPath(url)) return reply.code(404).send(fail(CODES.BAD_PARAMETERS, '接口不存在'));
    if ((request.method === 'GET' || request.method === 'HEAD') && !looksLikeFile(url)) {
      if (built) return sendIndex(reply);
      return reply.code(200).type('text/plain; charset=utf-8').header('cache-control', 'no-cache').send(NOT_BUILT_TEXT);
    }
    return reply.code(404).type('text/plain; charset=utf-8').send('Not Found\n');
  });

  return app;
}
