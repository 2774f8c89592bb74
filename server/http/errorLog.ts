/**
 * How an unexpected failure (B0001) is logged: one line per error signature and window, without
 * what the request carried. Database errors carry the statement and its parameters (drizzle's
 * `DrizzleQueryError` even puts them in its message: `Failed query: … params: …`; postgres.js and
 * PGlite errors have `query`, `parameters` / `params`, `detail` with the offending values):
 * `summariseError` keeps the innermost cause's class, SQLSTATE, constraint and message, and the
 * stack frames, nothing else. `ErrorLogLimiter` logs an identical failure at most once per window
 * and counts the ones it held back, reported with the next logged occurrence.
 */

export interface ErrorSummary {
  /** The class of the innermost cause (e.g. `PostgresError`, `DatabaseError`, `TypeError`). */
  type: string;
  /** Its message on one line, at most MESSAGE_MAX characters. */
  message: string;
  /** Its `code` (a SQLSTATE for database errors), when it has one. */
  code?: string;
  /** The constraint it names, when it names one. */
  constraint?: string;
  /** The stack frames of the outermost error (where the application called), without any message. */
  stack: string;
}

export const MESSAGE_MAX = 300;
const FRAMES_MAX = 10;

/** An error's field as text: a string as it is, another primitive written out, anything else `fallback`. */
const textOf = (value: unknown, fallback = ''): string =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint'
      ? String(value)
      : fallback;

const asRecord = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;

/** The error, then its causes, innermost last (at most 10 deep, cycles cut). */
function causeChain(error: unknown): Record<string, unknown>[] {
  const chain: Record<string, unknown>[] = [];
  let current = asRecord(error);
  while (current && chain.length < 10 && !chain.includes(current)) {
    chain.push(current);
    current = asRecord(current.cause);
  }
  return chain;
}

const isDrizzleWrapper = (error: Record<string, unknown>) =>
  'query' in error && 'params' in error && typeof error.message === 'string' && error.message.startsWith('Failed query:');

export function summariseError(error: unknown): ErrorSummary {
  const chain = causeChain(error);
  // The innermost cause that is not drizzle's wrapper (whose message is the statement and its parameters).
  const inner = [...chain].reverse().find((item) => !isDrizzleWrapper(item)) ?? chain[chain.length - 1];
  const outer = chain[0];
  const type =
    (inner && typeof inner.name === 'string' && inner.name !== 'Error' ? inner.name : undefined) ??
    (inner && typeof inner.constructor === 'function' ? inner.constructor.name : undefined) ??
    typeof error;
  const rawMessage = (!inner ? String(error) : isDrizzleWrapper(inner) ? 'Failed query' : textOf(inner.message)).replace(/\s*\n\s*/g, ' ');
  const message = rawMessage.length > MESSAGE_MAX ? `${rawMessage.slice(0, MESSAGE_MAX)}…` : rawMessage;
  // The stack begins with `<name>: <message>`, which may span lines (drizzle's holds the statement).
  let stack = textOf(outer?.stack);
  const header = `${textOf(outer?.name, 'Error')}: ${textOf(outer?.message)}`;
  if (stack.startsWith(header)) stack = stack.slice(header.length);
  else if (outer && typeof outer.message === 'string' && outer.message.includes('\n')) stack = '';
  const frames = stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .slice(0, FRAMES_MAX)
    .map((line) => line.trim());
  const summary: ErrorSummary = { type, message, stack: frames.join(' | ') };
  const code = inner?.code;
  if (typeof code === 'string' || typeof code === 'number') summary.code = String(code);
  const constraint = inner?.constraint ?? inner?.constraint_name;
  if (typeof constraint === 'string') summary.constraint = constraint;
  return summary;
}

/** A failure's signature: the same route failing the same way. */
export const errorSignature = (route: string, summary: ErrorSummary) =>
  [route, summary.type, summary.code ?? '', summary.message].join('\u0001');

export interface ErrorLogLimiterOptions {
  /** An identical failure is logged at most once per window (default 60 s). */
  windowMs?: number;
  /** Signatures remembered at most (the oldest are forgotten first). */
  maxSignatures?: number;
  now?: () => number;
}

export class ErrorLogLimiter {
  private readonly windowMs: number;
  private readonly maxSignatures: number;
  private readonly now: () => number;
  private readonly seen = new Map<string, { loggedAt: number; suppressed: number }>();

  constructor(options: ErrorLogLimiterOptions = {}) {
    this.windowMs = options.windowMs ?? 60_000;
    this.maxSignatures = options.maxSignatures ?? 1000;
    this.now = options.now ?? Date.now;
  }

  /**
   * Whether to log this occurrence of `signature`; when it is logged, `suppressed` is how many
   * identical ones were held back since it was last logged.
   */
  admit(signature: string): { log: boolean; suppressed: number } {
    const now = this.now();
    const entry = this.seen.get(signature);
    if (entry && now - entry.loggedAt < this.windowMs) {
      entry.suppressed += 1;
      return { log: false, suppressed: 0 };
    }
    const suppressed = entry?.suppressed ?? 0;
    this.seen.delete(signature);
    this.seen.set(signature, { loggedAt: now, suppressed: 0 });
    if (this.seen.size > this.maxSignatures) {
      const oldest = this.seen.keys().next().value;
      if (oldest !== undefined) this.seen.delete(oldest);
    }
    return { log: true, suppressed };
  }
}
