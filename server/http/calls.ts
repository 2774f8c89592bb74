/**
 * The call registry: every API call is declared once — path, auth level, body schema, handler —
 * and `registerCalls` mounts them as `POST /api/admin/<path>` with validation, authentication and
 * the grant check.
 */
import type { Static, TSchema } from '@sinclair/typebox';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CapabilityUrl } from '../../src/shared/capabilities';
import { CODES } from '../../src/shared/codes';
import { API_PREFIX } from '../../src/shared/constants';
import type { Db } from '../db/client';
import type { ServerConfig } from '../config';
import { authenticate, type SessionAccount } from '../auth/sessions';
import { bearerToken } from '../auth/tokens';
import type { RbacCache, RbacSnapshot } from '../rbac/snapshot';
import { ok, okRaw, RawJson, Refusal } from './respond';

/** public: anyone; account: any logged-in account; anyGrant: an account granted one of these menu urls. */
export type AuthLevel = 'public' | 'account' | { anyGrant: readonly CapabilityUrl[] };

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
}

export interface CallDefinition<S extends TSchema = TSchema, A extends AuthLevel = AuthLevel> {
  /** `<domain>/<verb>`, mounted at `/api/admin/<domain>/<verb>`. */
  path: string;
  auth: A;
  body: S;
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
  return auth.anyGrant.some((url) => urls.has(url));
}

export function registerCalls(app: FastifyInstance, services: CallServices, calls: readonly CallDefinition[]) {
  /** A call sent with no body at all validates as `{}`. */
  const emptyBodyAsObject = async (request: FastifyRequest) => {
    if (request.body === undefined) request.body = {};
  };

  for (const call of calls) {
    const preValidation = [emptyBodyAsObject];
    if (call.auth !== 'public') {
      preValidation.push(async (request: FastifyRequest) => {
        const token = bearerToken(request.headers.authorization);
        const account = token ? await authenticate(services.db, token) : undefined;
        if (!account) throw new Refusal(CODES.LOGIN_EXPIRED);
        const snapshot = await services.rbac.atLeast(account.rbacVersion);
        if (!grantsAllow(call.auth, account, snapshot)) throw new Refusal(CODES.NOT_AUTHORISED);
        request.account = account;
        request.rbacSnapshot = snapshot;
      });
    }
    app.post(
      `${API_PREFIX}/${call.path}`,
      { schema: { body: call.body }, preValidation },
      async (request: FastifyRequest, reply: FastifyReply) => {
        const content = await call.handler({
          ...services,
          body: request.body,
          account: request.account as never,
          snapshot: request.rbacSnapshot as never,
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
          log: request.log,
        });
        if (content instanceof RawJson) return reply.type('application/json; charset=utf-8').send(okRaw(content));
        return reply.send(ok(content ?? null));
      },
    );
  }
}
