/**
 * The call registry: each call of the contract (contract/api: path, auth, body and answer schemas)
 * gets its handler with `defineCall`, and `registerCalls` mounts them as `POST /api/admin/<path>`
 * with validation, authentication, the grant check and the answer's serialiser. The body is
 * validated against the call's schema hardened by the registry (server/http/bodySafety.ts: bounded
 * integers, strings PostgreSQL can store), so that bad input is A0400 for every call, a new one
 * included; the answer is serialised with its schema, so that nothing undeclared is sent.
 */
import { createHash } from 'node:crypto';
import type { TSchema } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { API, type CallMap, type CallPath } from '#contract/api';
import type { ApiCall, AuthLevel } from '#contract/api/define';
import { CODES } from '#contract/codes';
import { API_PREFIX } from '#contract/constants';
import { auditFor } from '../audit';
import { authenticate, authenticatePlugin, endedSessionMessage, type SessionAccount } from '../auth/sessions';
import { PLUGIN_TOKEN_MESSAGES } from '../auth/messages';
import { assertPasswordAllows } from '../auth/oneTimePassword';
import { assertEnrolled } from '../auth/factorState';
import { bearerToken } from '../auth/tokens';
import type { RbacSnapshot } from '../rbac/snapshot';
import { hardenBodySchema } from './bodySafety';
import { answerChecker } from './answerCheck';
import { Refusal } from '../refusal';
import { loggedUserAgent } from '../auth/attempts';
import { ok, okRaw, successAnswer } from './respond';
import {
  RawJson,
  type CallContext,
  type CallHandler,
  type CallHandlers,
  type CallServices,
  type ContextOf,
  type HandlerOf,
  type PublicCallContext,
} from '../context';

export type { AuthLevel };

export type { CallHandler, CallHandlers, CallServices, ContextOf, HandlerOf };

/** A call of the contract with its handler, ready to be mounted. */
export interface CallDefinition {
  /** `<domain>/<verb>`, mounted at `/api/admin/<domain>/<verb>`. */
  path: string;
  contract: ApiCall;
  mount(app: FastifyInstance, services: CallServices): void;
}

/** The calls of a complete handler map, ready to mount. */
export function callsOf(handlers: CallHandlers): CallDefinition[] {
  return (Object.keys(handlers) as CallPath[]).map((path) => defineCall(path, handlers[path] as HandlerOf<typeof path>));
}

/**
 * Implements the call `path` of the contract (contract/api): the handler's body and answer are
 * typed by it, and the server validates the body and serialises the answer with its schemas.
 */
export function defineCall<P extends CallPath>(
  path: P,
  handler: CallHandler<CallMap[P]['body'], CallMap[P]['answer'], CallMap[P]['auth']>,
): CallDefinition;
export function defineCall(path: CallPath, handler: CallHandler<TSchema, TSchema, AuthLevel>): CallDefinition {
  return callOf<TSchema, TSchema, AuthLevel>(path, API[path], handler);
}

/** A call from a contract that is not in `API` (a test's probe call). */
export function callOf<B extends TSchema, R extends TSchema, A extends AuthLevel>(
  path: string,
  contract: ApiCall<B, R, A>,
  handler: CallHandler<B, R, A>,
): CallDefinition {
  return {
    path,
    contract,
    mount(app, services) {
      const { auth } = contract;
      const checkAnswer = services.config.checkAnswers ? answerChecker(path, contract.answer) : undefined;
      // Typed as plain schemas so that the type provider derives the body only: the answer's type
      // is the handler's (CallHandler), which a generic reply type could not follow.
      const response: Record<number, TSchema> = { 200: successAnswer(contract.answer) };
      const preValidation = [emptyBodyAsObject];
      if (auth !== 'public') preValidation.push((request: FastifyRequest) => authenticateRequest(services, request, auth, path));
      if (contract.stepUp)
        preValidation.push(async (request: FastifyRequest) => assertRecentProof(request.account!, services.config.stepUpSeconds));
      app.withTypeProvider<TypeBoxTypeProvider>().post(
        `${API_PREFIX}/${path}`,
        {
          schema: { body: hardenBodySchema(contract.body), response },
          config: { contract },
          preValidation,
        },
        async (request, reply) => {
          // preValidation authenticated every call that is not public (A0230 / A0301 otherwise).
          const content = await handler(contextOf(services, request) as ContextOf<A>, request.body);
          if (content instanceof RawJson) return sendJson(request, reply, okRaw(content), contract.etag);
          checkAnswer?.(content);
          if (contract.etag) {
            const json = reply.serialize(ok(content));
            return sendJson(request, reply, typeof json === 'string' ? json : new TextDecoder().decode(json), true);
          }
          return reply.send(ok(content));
        },
      );
    },
  };
}

/** The context of `request`: its account and snapshot are set when preValidation authenticated it. */
export function contextOf(services: CallServices, request: FastifyRequest): CallContext | PublicCallContext {
  return {
    ...services,
    account: request.account,
    snapshot: request.rbacSnapshot,
    ip: request.ip,
    // The header is the client's to choose: every record of it (login log, sessions, 推荐审核) keeps it bounded.
    userAgent: loggedUserAgent(request.headers['user-agent'] ?? null),
    origin: request.headers.origin ?? null,
    log: request.log,
    audit: auditFor(request.account?.id ?? null, request.ip),
  } as CallContext | PublicCallContext;
}

/** A call sent with no body at all validates as `{}`. */
async function emptyBodyAsObject(request: FastifyRequest) {
  if (request.body === undefined) request.body = {};
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The call's contract, for the API document (server/http/openapi.ts). */
    contract?: ApiCall;
  }
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
 * Authenticates a request for a call of level `auth` (A0230 without a live session, saying why it
 * ended; A0301 without the grant) and remembers the account and snapshot on the request. Also used by the non-JSON
 * routes (the media upload).
 */
export async function authenticateRequest(
  services: CallServices,
  request: FastifyRequest,
  auth: Exclude<AuthLevel, 'public'>,
  /** The call's path (or the route's, outside the contract): a session with a generated password may make only the change. */
  path: string,
) {
  const token = bearerToken(request.headers.authorization);
  const account = token ? await accountOfToken(services, token, auth) : undefined;
  if (!account) throw new Refusal(CODES.LOGIN_EXPIRED, await endedSessionMessage(services.db, token));
  assertPasswordAllows(account, path);
  // Known before the grant check: a refusal's security event names the account (server/app.ts).
  request.account = account;
  // The change of a generated password comes first; then, when the roles ask for one, the second factor.
  if (!account.passwordChangeRequired) assertEnrolled(account, path);
  const snapshot = await services.rbac.atLeast(account.rbacVersion);
  if (!grantsAllow(auth, account, snapshot)) throw new Refusal(CODES.NOT_AUTHORISED);
  request.rbacSnapshot = snapshot;
}

/**
 * The live account of `token` for a call of level `auth`: a plug-in token opens the plug-in's calls
 * only, a session token every other call. The wrong kind of live token is A0301, saying which kind
 * the call takes; a token of neither kind is undefined (A0230). The second look happens only on
 * that refusal path.
 */
async function accountOfToken(services: CallServices, token: string, auth: Exclude<AuthLevel, 'public'>) {
  const { db, config } = services;
  const [own, other] = auth === 'plugin' ? [authenticatePlugin, authenticate] : [authenticate, authenticatePlugin];
  const account = await own(db, token, config.sessionIdleSeconds);
  if (account) return account;
  if (await other(db, token, config.sessionIdleSeconds)) {
    const { sessionTokenOnPluginCall, pluginTokenOffPluginCall } = PLUGIN_TOKEN_MESSAGES;
    throw new Refusal(CODES.NOT_AUTHORISED, auth === 'plugin' ? sessionTokenOnPluginCall : pluginTokenOffPluginCall);
  }
  return undefined;
}

/** A sensitive call (`stepUp`): A0214 unless the session gave its password within the last `stepUpSeconds`. */
function assertRecentProof(account: SessionAccount, stepUpSeconds: number): void {
  if (!(account.provedSecondsAgo <= stepUpSeconds)) throw new Refusal(CODES.STEP_UP_REQUIRED);
}

/** Whether an `If-None-Match` header value names `etag` (weak comparison, lists and `*`). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

/** Sends a JSON text as is; with `etag`, with an `ETag` of it and `304` when the client has it. */
function sendJson(request: FastifyRequest, reply: FastifyReply, json: string, etag = false) {
  reply.type('application/json; charset=utf-8');
  if (!etag) return reply.send(json);
  const tag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 32)}"`;
  // no-store like every API answer: the polling client keeps the ETag itself and sends it back.
  reply.header('etag', tag).header('cache-control', 'no-store');
  if (etagMatches(request.headers['if-none-match'], tag)) return reply.code(304).send();
  return reply.send(json);
}

/** Mounts every call; the contract and the calls must match one to one. */
export function registerCalls(app: FastifyInstance, services: CallServices, calls: readonly CallDefinition[]) {
  for (const call of calls) call.mount(app, services);
}
