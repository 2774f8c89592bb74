/** Raw SQL helpers that behave alike on PGlite and postgres-js. */
import type { SQL } from 'drizzle-orm';
import type { Executor } from './client';

/** Runs a raw statement and returns its rows (PGlite answers `{ rows }`, postgres-js an array). */
export async function queryRows<T = Record<string, unknown>>(db: Executor, query: SQL): Promise<T[]> {
  const result: any = await db.execute(query);
  return (Array.isArray(result) ? result : result.rows) as T[];
}

export async function queryOne<T = Record<string, unknown>>(db: Executor, query: SQL): Promise<T | undefined> {
  const rows = await queryRows<T>(db, query);
  return rows[0];
}

/** PostgreSQL error code of a failed statement (drizzle wraps the driver's error in `cause`). */
export function pgErrorCode(error: unknown): string | undefined {
  let current: any = error;
  for (let depth = 0; current && depth < 4; depth += 1) {
    if (typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code)) return current.code;
    current = current.cause;
  }
  return undefined;
}

export const UNIQUE_VIOLATION = '23505';

/**
 * When `error` is a unique violation, the name of the constraint it broke ('' when the driver names
 * none): postgres-js gives `constraint_name`, PGlite `constraint`, and both say it in the message.
 * Undefined for any other error.
 */
export function uniqueViolation(error: unknown): string | undefined {
  if (pgErrorCode(error) !== UNIQUE_VIOLATION) return undefined;
  for (let current: any = error, depth = 0; current && depth < 4; current = current.cause, depth += 1) {
    const named = current.constraint_name ?? current.constraint ?? /unique constraint "([^"]+)"/.exec(String(current.message))?.[1];
    if (typeof named === 'string') return named;
  }
  return '';
}

/** Timestamps as epoch milliseconds whatever the driver hands back. */
export function toMillis(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.getTime();
  const parsed = new Date(value as string).getTime();
  return Number.isNaN(parsed) ? null : parsed;
}

/**
 * A timestamp, bigint or JSON value read by a raw `sql` statement: the drivers hand it back
 * differently (PGlite a Date, node-postgres a string), so it is read through `toIso`, `Number` or
 * `JSON.parse` when a string.
 */
export type DriverValue = unknown;

export const toIso = (value: unknown): string | null => {
  const ms = toMillis(value);
  return ms === null ? null : new Date(ms).toISOString();
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
/** `LIKE` pattern matching `text` anywhere, with its wildcards escaped. */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;
/** A `like` pattern matching texts that start with `text` (its wildcards taken literally). */
export const prefixPattern = (text: string) => `${escapeLike(text)}%`;
