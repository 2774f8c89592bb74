/**
 * Request ids end to end (issue 34): nginx names each request (`X-Request-Id: $request_id`,
 * deploy/nginx.conf); an instance takes that name only from a proxy TRUST_PROXY lists and makes its
 * own otherwise, so a client can not choose what the logs call its request. The id is on every log
 * line of the request (Fastify's `reqId`), on every answer (the `X-Request-Id` header) and in the body
 * of an unexpected failure (B0001), which the console shows as 错误编号 for the user to quote.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import { REQUEST_ID_HEADER } from '#contract/constants';

export { REQUEST_ID_HEADER };

/** What a proxy's id may look like (nginx's `$request_id` is 32 hex digits): nothing else reaches a log. */
const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** Fastify's `genReqId`: the trusted proxy's id, else a new one. */
export function requestIdGenerator(trustProxy: string[] | false): (request: IncomingMessage) => string {
  const trusted = trustProxy ? proxyAddr.compile(trustProxy) : () => false;
  return (request) => {
    const given = request.headers[REQUEST_ID_HEADER];
    const peer = request.socket?.remoteAddress;
    if (typeof given === 'string' && REQUEST_ID.test(given) && peer && trusted(peer, 0)) return given;
    return randomUUID();
  };
}
