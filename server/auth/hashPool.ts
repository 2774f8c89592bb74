/**
 * The password hashing pool. Every scrypt of the process runs in one of `concurrency` child
 * processes (./hashWorker.cjs) whose CPU priority is lowered (nice `HASH_NICENESS`): on a busy
 * machine the kernel gives the server's own work (the money calls) the cores first, and a flood of
 * logins, honest or not, slows only the logins. At most `concurrency` hashes run at once, the rest
 * wait in a queue of at most `queueLimit`; one more is refused at once (`HashingBusy`, answered
 * A0501), so waiting requests can not pile up. Process-wide: every hash of this process goes
 * through it. A child is started at the first hash and does not keep the process alive.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { availableParallelism, setPriority } from 'node:os';
import path from 'node:path';
import type { ScryptOptions } from 'node:crypto';

/** Thrown when the queue is full: the caller answers A0501 (系统繁忙) without hashing. */
export class HashingBusy extends Error {
  constructor() {
    super('password hashing pool is full');
    this.name = 'HashingBusy';
  }
}

export interface HashPoolLimits {
  /** Hashes computed at once (one child process each). */
  concurrency: number;
  /** Hashes waiting for a slot at most; one more is refused. */
  queueLimit: number;
}

/** One core left for everything else; at least one hash at a time. */
export const DEFAULT_HASH_CONCURRENCY = Math.max(1, availableParallelism() - 1);
/** About four seconds of waiting at the real cost, per slot. */
export const DEFAULT_HASH_QUEUE_PER_SLOT = 8;
/** The children's niceness: under contention the kernel weighs them about a tenth of the server's threads. */
export const HASH_NICENESS = 10;

const WORKER_FILE = path.join(__dirname, 'hashWorker.cjs');

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

/**
 * Throws `HashingBusy` when a hash asked for now would be refused. The sign-in calls check it before
 * anything else, so that the excess of a flood costs no database work and no strength check, and is
 * answered at once.
 */
export function assertHashingRoom(): void {
  if (running >= limits.concurrency && queue.length >= limits.queueLimit) {
    refused += 1;
    throw new HashingBusy();
  }
}

/** Takes a slot, waiting in the queue when all are busy; throws `HashingBusy` at once when the queue is full. */
async function acquire(): Promise<void> {
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
}

/** Passes the slot straight to the next in line (running stays the same), else frees it. */
function release() {
  const next = queue.shift();
  if (next) next();
  else running -= 1;
}

interface Pending {
  resolve: (key: Buffer) => void;
  reject: (error: Error) => void;
}

/** A hashing child: one hash at a time (its slot guarantees it). */
class HashWorker {
  private readonly child: ChildProcess;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  dead = false;

  constructor() {
    this.child = fork(WORKER_FILE, [], { execArgv: [], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    try {
      if (this.child.pid) setPriority(this.child.pid, HASH_NICENESS);
    } catch {
      // A system that refuses a lower priority still gets a bounded pool.
    }
    this.child.on('message', (message: { id: number; key?: Buffer | string; error?: string }) => {
      const job = this.pending.get(message.id);
      if (!job) return;
      this.pending.delete(message.id);
      this.idle();
      if (message.error !== undefined) job.reject(new Error(message.error));
      else job.resolve(Buffer.from(message.key as string, 'base64'));
    });
    const fail = (error: Error) => {
      this.dead = true;
      for (const job of this.pending.values()) job.reject(error);
      this.pending.clear();
    };
    this.child.on('error', fail);
    this.child.on('exit', (code, signal) => fail(new Error(`hash worker exited (${signal ?? code})`)));
    this.idle();
  }

  /** Idle, the child and its channel do not keep the parent alive; busy, they do. */
  private idle() {
    if (this.pending.size > 0) return;
    this.child.unref();
    this.child.channel?.unref();
  }

  scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
    const id = (this.nextId += 1);
    this.child.ref();
    this.child.channel?.ref();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.child.send({ id, password, salt: salt.toString('base64'), keyLength, options });
    });
  }
}

const idleWorkers: HashWorker[] = [];

function takeWorker(): HashWorker {
  let worker = idleWorkers.pop();
  while (worker?.dead) worker = idleWorkers.pop();
  return worker ?? new HashWorker();
}

/** scrypt in a slot of the pool, computed by a low-priority child; `HashingBusy` when the queue is full. */
export async function pooledScrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  await acquire();
  let worker: HashWorker | undefined;
  try {
    worker = takeWorker();
    return await worker.scrypt(password, salt, keyLength, options);
  } finally {
    // A worker that could not start, or died, is dropped; the slot is freed either way.
    if (worker && !worker.dead) idleWorkers.push(worker);
    release();
  }
}

/** Holds a slot while `task` runs (the tests fill the pool with it). */
export async function inHashPool<T>(task: () => Promise<T>): Promise<T> {
  await acquire();
  try {
    return await task();
  } finally {
    release();
  }
}
