/**
 * The call registry: every API call is declared once — path, auth level, body schema, handler —
 * and `registerCalls` mounts them as `POST /api/admin/<path>` with validation, authentication and
 * the grant check. The body is validated against the call's schema hardened by the registry
 * (server/http/bodySafety.ts: bounded integers, strings PostgreSQL can store), so that bad input is
 * A0400 for every call, a new one included.
 */
import { createHash } from 'node:crypto';
import type { Static, TSchema } from '@sinclair/typebox';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ActionUrl, CapabilityUrl } from '#contract/capabilities';
import { CODES } from '#contract/codes';
import { API_PREFIX } from '#contract/constants';
import type { Db } from '../db/client';
import type { ServerConfig } from '../config';
import { auditFor } from '../audit';
import { authenticate, type SessionAccount } from '../auth/sessions';
import { bearerToken } from '../auth/tokens';
import type { RbacCache, RbacSnapshot } from '../rbac/snapshot';
import { hardenBodySchema } from './bodySafety';
import { ok, okRaw, RawJson, Refusal } from './respond';

/**
 * public: anyone; account: any logged-in account; anyGrant: an account granted one of these menu
 * urls and, with `action`, that action menu too (a sensitive operation, product.md).
 */
export type AuthLevel = 'public' | 'account' | { anyGrant: readonly CapabilityUrl[]; action?: ActionUrl };

export interface CallServices {
  db: Db;
  config: ServerConfig;
  rbac: RbacCache;
}

export interface CallContext<Body, A extends AuthLevel> extends CallServices {
  body: Body;
  account: A extends 'public' ? undefined : SessionAccount;
  /** The RBAC snapshot the request was checked against (absent on public calls). */
  snapshot: A extends 'public' ? undefined : RbacSnapshot;
  ip: string;
  userAgent: string | null;
  log: FastifyBaseLogger;
  /** Writes an audit entry with the request's account as the actor and its address. */
  audit: ReturnType<typeof auditFor>;
}

export interface CallDefinition<S extends TSchema = TSchema, A extends AuthLevel = AuthLevel> {
  /** `<domain>/<verb>`, mounted at `/api/admin/<domain>/<verb>`. */
  path: string;
  auth: A;
  body: S;
  /**
   * Answer with an `ETag` of the answer and `304 Not Modified` (empty body) when the request's
   * `If-None-Match` already names it: for reads a client polls.
   */
  etag?: boolean;
  /** Answers the content of a success, or throws a `Refusal`. */
  handler(context: CallContext<Static<S>, A>): Promise<unknown>;
}

export const defineCall = <S extends TSchema, const A extends AuthLevel>(call: CallDefinition<S, A>) =>
  call as unknown as CallDefinition;

declare module 'fastify' {
  interface FastifyRequest {
    account?: SessionAccount;
    rbacSnapshot?: RbacSnapshot;
  }
}

function grantsAllow(auth: AuthLevel, account: SessionAccount, snapshot: RbacSnapshot): boolean {
  if (typeof auth === 'string') return true;
  const { urls } = snapshot.forRoles(account.roleIds);
  return auth.anyGrant.some((url) => urls.has(url)) && (auth.action === undefined || urls.has(auth.action));
}

/**
 * Authenticates a request for a call of level `auth` (A0230 without a live session, A0301 without
 * the grant) and remembers the account and snapshot on the request. Also used by the non-JSON
 * routes (the media upload).
 */
export async function authenticateRequest(services: CallServices, request: FastifyRequest, auth: Exclude<AuthLevel, 'public'>) {
  const token = bearerToken(request.headers.authorization);
  const account = token ? await authenticate(services.db, token, services.config.sessionIdleSeconds) : undefined;
  if (!account) throw new Refusal(CODES.LOGIN_EXPIRED);
  const snapshot = await services.rbac.atLeast(account.rbacVersion);
  if (!grantsAllow(auth, account, snapshot)) throw new Refusal(CODES.NOT_AUTHORISED);
  request.account = account;
  request.rbacSnapshot = snapshot;
}

/** Whether an `If-None-Match` header value names `etag` (weak comparison, lists and `*`). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

function sendWithEtag(request: FastifyRequest, reply: FastifyReply, json: string) {
  const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 32)}"`;
  // no-store like every API answer: the polling client keeps the ETag itself and sends it back.
  reply.header('etag', etag).header('cache-control', 'no-store');
  if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(json);
}

export function registerCalls(app: FastifyInstance, services: CallServices, calls: readonly CallDefinition[]) {
  /** A call sent with no body at all validates as `{}`. */
  const emptyBodyAsObject = async (request: FastifyRequest) => {
    if (request.body === undefined) request.body = {};
  };

  for (const call of calls) {
    const preValidation = [emptyBodyAsObject];
    const { auth } = call;
    if (auth !== 'public') preValidation.push((request: FastifyRequest) => authenticateRequest(services, request, auth));
    app.post(
      `${API_PREFIX}/${call.path}`,
      { schema: { body: hardenBodySchema(call.body) }, preValidation },
      async (request: FastifyRequest, reply: FastifyReply) => {
        const content = await call.handler({
          ...services,
          body: request.body,
          account: request.account as never,
          snapshot: request.rbacSnapshot as never,
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
          log: request.log,
          audit: auditFor(request.account?.id ?? null, request.ip),
        });
        if (call.etag) {
          return sendWithEtag(request, reply, content instanceof RawJson ? okRaw(content) : JSON.stringify(ok(content ?? null)));
        }
        if (content instanceof RawJson) return reply.type('application/json; charset=utf-8').send(okRaw(content));
        return reply.send(ok(content ?? null));
      },
    );
  }
}
