/**
 * What every call's domain function takes: `(ctx, body)`. The context holds the server's services
 * and the request's caller; the body is the call's, validated against the contract. Each domain
 * folder's `handlers.ts` maps the contract's paths to such functions (`CallHandlers`); the HTTP
 * layer (server/http/calls.ts) builds one context per request. Domain code never imports HTTP.
 */
import type { Static, TSchema } from '@sinclair/typebox';
import type { FastifyBaseLogger } from 'fastify';
import type { CallMap, CallPath } from '#contract/api';
import type { AuthLevel } from '#contract/api/define';
import type { AuditWriter } from './audit';
import type { SessionAccount } from './auth/sessions';
import type { ServerConfig } from './config';
import type { Db } from './db/client';
import type { RbacCache, RbacSnapshot } from './rbac/snapshot';

/** The server's services, the same for every request. */
export interface CallServices {
  db: Db;
  config: ServerConfig;
  rbac: RbacCache;
}

/** A signed-in caller's request: the account of its session and the RBAC snapshot it was checked against. */
export interface CallContext extends CallServices {
  account: SessionAccount;
  snapshot: RbacSnapshot;
  ip: string;
  userAgent: string | null;
  /** The request's `Origin` header: the passkeys' relying party when PUBLIC_URL is not set (auth/passkeys.ts). */
  origin: string | null;
  log: FastifyBaseLogger;
  /** Writes an audit entry with the request's account as the actor and its address. */
  audit: AuditWriter;
}

/** A public call's request (login, register, the news): nobody is signed in. */
export interface PublicCallContext extends Omit<CallContext, 'account' | 'snapshot'> {
  account: undefined;
  snapshot: undefined;
}

/** Content already serialised to JSON (e.g. a cached menu tree): sent as is inside the answer's wrapper. */
export class RawJson {
  constructor(readonly json: string) {}
}

/** The context of a call of level `A`: a public call has no account. */
export type ContextOf<A extends AuthLevel> = A extends 'public' ? PublicCallContext : CallContext;

/** Answers the content of a success (or pre-serialised JSON), or throws a `Refusal`. */
export type CallHandler<B extends TSchema, R extends TSchema, A extends AuthLevel> = (
  ctx: ContextOf<A>,
  body: Static<B>,
) => Promise<Static<R> | RawJson>;

/** The handler of the contract's call `P`: its body, answer and grant typed by the contract. */
export type HandlerOf<P extends CallPath> = CallHandler<CallMap[P]['body'], CallMap[P]['answer'], CallMap[P]['auth']>;

/**
 * A handler for every call of the contract. Each domain's map `satisfies Partial<CallHandlers>`
 * (its handlers typed by their paths, no path outside the contract); the registry
 * (server/handlers.ts) `satisfies CallHandlers`, so a contract call without a handler fails tsc.
 */
export type CallHandlers = { [P in CallPath]: HandlerOf<P> };
