/**
 * The business parameters' values (contract/parameters.ts): the stored ones over the defaults.
 * Read where a rule needs them, inside its transaction, so a change counts on every instance at
 * the next call.
 */
import { sql } from 'drizzle-orm';
import { DEFAULT_PARAMETERS, PARAMETERS, type ParameterKey, type ParameterValues } from '#contract/parameters';
import type { Executor } from '../db/client';
import { queryOne, queryRows } from '../db/query';

const isKnown = (key: string): key is ParameterKey => Object.hasOwn(PARAMETERS, key);

/** Every parameter's value. */
export async function readParameters(db: Executor): Promise<ParameterValues> {
  const rows = await queryRows<{ key: string; value: number | string }>(db, sql`select key, value from business_parameters`);
  const values = { ...DEFAULT_PARAMETERS };
  for (const row of rows) if (isKnown(row.key)) values[row.key] = Number(row.value);
  return values;
}

/** One parameter's value. */
export async function readParameter(db: Executor, key: ParameterKey): Promise<number> {
  const row = await queryOne<{ value: number | string }>(db, sql`select value from business_parameters where key = ${key}`);
  return row ? Number(row.value) : DEFAULT_PARAMETERS[key];
}
