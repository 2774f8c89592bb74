/**
 * `GET /metrics` (Prometheus' text format) and the hook that counts every answer. Only a connection
 * from an address of `METRICS_ALLOW` (the socket's own address, so a forwarded header can not claim
 * one) or a scraper sending `METRICS_TOKEN` reads it; anyone else gets a plain 404.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CODES } from '#contract/codes';
import type { ServerConfig } from '../config';
import type { ServerMetrics } from './metrics';

export const METRICS_PATH = '/metrics';
const CALL_PREFIX = '/api/admin/';

declare module 'fastify' {
  interface FastifyReply {
    /** The body's `code` of a JSON answer (set by `sendFailure`; a call's success is 00000). */
    answerCode: string | null;
  }
}

/** The call a request is counted under: its contract path, its route's pattern, or `unmatched`. */
export function callLabel(request: FastifyRequest): string {
  const route = request.routeOptions.url;
  if (!route) return 'unmatched';
  return route.startsWith(CALL_PREFIX) ? route.slice(CALL_PREFIX.length) : route;
}

function answerCodeOf(request: FastifyRequest, reply: FastifyReply): string {
  if (reply.answerCode) return reply.answerCode;
  const route = request.routeOptions.url;
  return route?.startsWith(CALL_PREFIX) && reply.statusCode === 200 ? CODES.OK : 'none';
}

const digest = (text: string) => createHash('sha256').update(text).digest();

function mayRead(
  request: FastifyRequest,
  config: Pick<ServerConfig, 'metricsAllow' | 'metricsToken'>,
  allowed: (address: string) => boolean,
) {
  const header = request.headers.authorization ?? '';
  if (config.metricsToken && header.startsWith('Bearer ') && timingSafeEqual(digest(header.slice(7)), digest(config.metricsToken))) {
    return true;
  }
  const address = request.socket.remoteAddress;
  return address !== undefined && allowed(address);
}

export function registerMetrics(app: FastifyInstance, config: Pick<ServerConfig, 'metricsAllow' | 'metricsToken'>, metrics: ServerMetrics) {
  app.decorateReply('answerCode', null);
  app.addHook('onResponse', async (request, reply) => {
    const call = callLabel(request);
    const seconds = reply.elapsedTime / 1000;
    metrics.requests.inc({ call, method: request.method, status: String(reply.statusCode), code: answerCodeOf(request, reply) });
    metrics.requestDuration.observe({ call }, seconds);
  });
  const trust = proxyAddr.compile(config.metricsAllow);
  const allowed = (address: string) => trust(address, 0);
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!mayRead(request, config, allowed)) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found\n');
    reply.header('cache-control', 'no-store').type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}
