/**
 * Recording security events (contract/securityEvents.ts, ASVS 16.3.2 / 16.3.3): one insert into the
 * append-only `security_events`, which never fails the request that caused it: a failed insert is
 * logged and forgotten. Call it with the database handle, never a transaction that may roll back
 * (a refusal rolls back the work it refused, not its record).
 */
import { CODES } from '#contract/codes';
import { SECURITY_BURST, type SecurityEventKind } from '#contract/securityEvents';
import type { Executor } from '../db/client';
import { securityEvents } from '../db/schema';
import { clientNetwork } from '../clientNetwork';
import { LOGGED_USERNAME_MAX, loggedUserAgent } from '../auth/attempts';

/** The longest call path or route kept (an unknown path is the client's to choose). */
export const LOGGED_PATH_MAX = 200;

export interface SecurityEvent {
  kind: SecurityEventKind;
  accountId?: number | null;
  /** The account's username, or the name typed at a refused sign-in. */
  username?: string | null;
  /** The call (`order/list`) or the route. */
  path?: string | null;
  ip?: string | null;
  userAgent?: string | null;
  detail?: Record<string, unknown>;
}

/** Where a failed insert is reported (a Fastify logger, or a job's). */
export interface EventLog {
  warn(object: object, message: string): void;
}

const cut = (value: string | null | undefined, max: number) => {
  const text = value?.trim();
  return text ? text.slice(0, max) : null;
};

/** Records `event`; never throws (a failure is logged to `log`). */
export async function recordSecurityEvent(db: Executor, event: SecurityEvent, log?: EventLog): Promise<void> {
  try {
    await db.insert(securityEvents).values({
      kind: event.kind,
      accountId: event.accountId ?? null,
      username: cut(event.username, LOGGED_USERNAME_MAX),
      path: cut(event.path, LOGGED_PATH_MAX),
      ip: event.ip ?? null,
      network: event.ip ? clientNetwork(event.ip) : null,
      userAgent: loggedUserAgent(event.userAgent ?? null),
      detail: event.detail ?? {},
    });
  } catch (error) {
    log?.warn({ err: error, kind: event.kind }, 'security event not recorded');
  }
}

/**
 * Counts events per key in this instance's memory, in windows of `windowMs` that start at a key's
 * first event: `hit` answers true once per key and window, when the key's count reaches `threshold`.
 * At most `maxKeys` keys are held (the expired ones go first, then the oldest), so that a client
 * sending from many addresses can not grow the map. Each instance counts its own requests: behind a
 * balancer a burst spread over N instances needs N times the threshold (docs/security.md).
 */
export class BurstCounter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly threshold: number,
    private readonly windowMs: number,
    private readonly maxKeys = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one event of `key`; true when this one reaches the threshold of its window. */
  hit(key: string): boolean {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || now - window.start >= this.windowMs) {
      this.windows.delete(key);
      this.makeRoom(now);
      window = { start: now, count: 0 };
      this.windows.set(key, window);
    }
    window.count += 1;
    return window.count === this.threshold;
  }

  get size(): number {
    return this.windows.size;
  }

  private makeRoom(now: number) {
    if (this.windows.size < this.maxKeys) return;
    for (const [key, window] of this.windows) if (now - window.start >= this.windowMs) this.windows.delete(key);
    // Still full: the oldest keys (a Map iterates in insertion order) make way.
    for (const key of this.windows.keys()) {
      if (this.windows.size < this.maxKeys) break;
      this.windows.delete(key);
    }
  }
}

/** What the answers of one request say, for `SecurityEventRecorder.answered`. */
export interface AnsweredRequest {
  /** The answer's code (A0301, A0400, A0501…). */
  code: string;
  /** The call's path or the route, when there is one. */
  path: string | null;
  /** A 429 of the /api ceiling (@fastify/rate-limit), not a call's own A0501. */
  ceiling: boolean;
  account: { id: number; username: string } | undefined;
  ip: string;
  userAgent: string | null;
}

/**
 * The events a server instance records from its answers (server/app.ts): every A0301 and every
 * A0501 of a call; the /api ceiling's 429s once per client network and window (a flood beyond the
 * ceiling is one event, not one insert per refused request); A0400 bursts per account and per
 * client network (SECURITY_BURST).
 */
export class SecurityEventRecorder {
  private readonly badInput: BurstCounter;
  private readonly ceiling: BurstCounter;

  constructor(
    private readonly db: Executor,
    private readonly log: EventLog,
    private readonly burst: { threshold: number; windowSeconds: number } = SECURITY_BURST,
  ) {
    this.badInput = new BurstCounter(burst.threshold, burst.windowSeconds * 1000);
    this.ceiling = new BurstCounter(1, 60_000);
  }

  async answered(request: AnsweredRequest): Promise<void> {
    const { code, path, account, ip, userAgent } = request;
    const who = { accountId: account?.id ?? null, username: account?.username ?? null, path, ip, userAgent };
    if (code === CODES.NOT_AUTHORISED) return recordSecurityEvent(this.db, { kind: 'forbidden', ...who }, this.log);
    if (code === CODES.TOO_MANY_REQUESTS) {
      if (request.ceiling && !this.ceiling.hit(clientNetwork(ip))) return;
      return recordSecurityEvent(this.db, { kind: 'rateLimited', ...who, detail: { limit: request.ceiling ? 'api' : 'call' } }, this.log);
    }
    if (code === CODES.BAD_PARAMETERS) {
      const network = clientNetwork(ip);
      // Both counted; one event when either (or both at once) reaches its threshold.
      const byNetwork = this.badInput.hit(`network:${network}`);
      const byAccount = account ? this.badInput.hit(`account:${account.id}`) : false;
      if (!byNetwork && !byAccount) return;
      const detail = { by: byAccount ? (byNetwork ? 'both' : 'account') : 'network', ...this.burst, network };
      return recordSecurityEvent(this.db, { kind: 'badInputBurst', ...who, detail }, this.log);
    }
  }
}
