/**
 * What the request log (`LOG_REQUESTS=1`) writes of a request: Fastify's own fields, with the
 * secrets a URL may carry replaced. A notification stream is opened with `?ticket=…` (an
 * EventSource can not send a header); the ticket is single-use and short-lived, but it is a
 * credential all the same and has no business in a log.
 */
import type { FastifyRequest } from 'fastify';

/** Query parameters written to the log as `[redacted]`. */
export const SECRET_QUERY_PARAMS = ['ticket'] as const;
export const REDACTED = '[redacted]';

/** `url` with the value of each secret query parameter replaced. */
export function redactedUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return url;
  const params = new URLSearchParams(url.slice(query + 1));
  let changed = false;
  for (const name of SECRET_QUERY_PARAMS) {
    if (params.has(name)) {
      params.set(name, REDACTED);
      changed = true;
    }
  }
  return changed ? `${url.slice(0, query)}?${params.toString()}` : url;
}

/** Fastify's `req` serializer, with the URL redacted. */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket ? request.socket.remotePort : undefined,
  };
}

/** The serializers every logger of the app uses. */
export const LOG_SERIALIZERS = { req: requestForLog };
