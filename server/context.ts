/**
 * What every call's domain function takes first: `(ctx, body)`. The context holds the server's
 * services and the request's caller; the body is the call's, validated against the contract.
 * The HTTP layer (server/http/calls.ts) builds one per request; domain code never imports HTTP.
 */
import type { FastifyBaseLogger } from 'fastify';
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
