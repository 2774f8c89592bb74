/**
 * A per-address ceiling on the public `account/inviter` lookups, in this instance's memory: the
 * same number per minute as login and register (AUTH_RATE_LIMIT_PER_MINUTE), so guessing invite
 * codes is no faster than guessing passwords. Beside it the /api ceiling of every call holds.
 */
const WINDOW_MS = 60_000;
/** Addresses remembered at most; beyond it the oldest windows are dropped first. */
const MAX_ADDRESSES = 10_000;

export class LookupLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly limitPerMinute: number) {}

  /** Counts one lookup from `ip`; false when the address has used up its minute. */
  admit(ip: string, now = Date.now()): boolean {
    const window = this.windows.get(ip);
    if (!window || now - window.start >= WINDOW_MS) {
      this.windows.delete(ip);
      if (this.windows.size >= MAX_ADDRESSES) this.windows.delete(this.windows.keys().next().value!);
      this.windows.set(ip, { start: now, count: 1 });
      return true;
    }
    window.count += 1;
    return window.count <= this.limitPerMinute;
  }
}

const limiters = new WeakMap<object, LookupLimiter>();

/** The limiter of one server (keyed by its config object, so test servers do not share one). */
export function lookupLimiterOf(config: { authRateLimitPerMinute: number }): LookupLimiter {
  let limiter = limiters.get(config);
  if (!limiter) limiters.set(config, (limiter = new LookupLimiter(config.authRateLimitPerMinute)));
  return limiter;
}
