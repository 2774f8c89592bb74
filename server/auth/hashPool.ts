/**
 * The password hashing pool: at most `concurrency` scrypt computations at a time (each takes a core
 * for about half a second at the real cost), the rest waiting in a queue of at most `queueLimit`.
 * A hash that finds the queue full is refused at once (`HashingBusy`, answered A0501), so that a
 * flood of logins, honest or not, can not take every core and the libuv threads from the money
 * calls, nor pile up waiting requests. Process-wide: every hash of this process goes through it.
 */
import { availableParallelism } from 'node:os';

/** Thrown when the queue is full: the caller answers A0501 (系统繁忙) without hashing. */
export class HashingBusy extends Error {
  constructor() {
    super('password hashing pool is full');
    this.name = 'HashingBusy';
  }
}

export interface HashPoolLimits {
  /** Hashes computed at once. */
  concurrency: number;
  /** Hashes waiting for a slot at most; one more is refused. */
  queueLimit: number;
}

/** One core left for everything else; at least one hash at a time. */
export const DEFAULT_HASH_CONCURRENCY = Math.max(1, availableParallelism() - 1);
/** About four seconds of waiting at the real cost, per slot. */
export const DEFAULT_HASH_QUEUE_PER_SLOT = 8;

let limits: HashPoolLimits = { concurrency: DEFAULT_HASH_CONCURRENCY, queueLimit: DEFAULT_HASH_CONCURRENCY * DEFAULT_HASH_QUEUE_PER_SLOT };
let running = 0;
let refused = 0;
const queue: Array<() => void> = [];
/** Told how long each hash waited for its slot (the metrics' histogram). */
let onWait: ((seconds: number) => void) | undefined;

/** Sets the pool's limits (the server's start, from PASSWORD_HASH_CONCURRENCY and PASSWORD_HASH_QUEUE). */
export function configureHashPool(next: HashPoolLimits, waitListener?: (seconds: number) => void) {
  limits = next;
  onWait = waitListener;
}

export const hashPoolState = () => ({ running, queued: queue.length, refused, ...limits });

/** Runs `task` in a slot of the pool; throws `HashingBusy` at once when the queue is full. */
export async function inHashPool<T>(task: () => Promise<T>): Promise<T> {
  const asked = performance.now();
  if (running >= limits.concurrency) {
    if (queue.length >= limits.queueLimit) {
      refused += 1;
      throw new HashingBusy();
    }
    await new Promise<void>((resolve) => queue.push(resolve));
  } else {
    running += 1;
  }
  onWait?.((performance.now() - asked) / 1000);
  try {
    return await task();
  } finally {
    const next = queue.shift();
    // The slot passes straight to the next in line (running stays the same), else it is freed.
    if (next) next();
    else running -= 1;
  }
}
