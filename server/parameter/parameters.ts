/**
 * The business parameters (系统参数, contract/parameters.ts): their values, the stored ones over
 * the defaults, read where a rule needs them, inside its transaction, so a change counts on every
 * instance at the next call; and the calls that list and change them.
 */
import { eq, sql } from 'drizzle-orm';
import type { ParameterItem, ParameterUpdateBody } from '#contract/api/parameter';
import {
  DEFAULT_PARAMETERS,
  PARAMETER_KEYS,
  PARAMETERS,
  parameterProblem,
  type ParameterKey,
  type ParameterValues,
} from '#contract/parameters';
import type { CallContext } from '../context';
import { ADVISORY_LOCKS } from '../db/advisoryLocks';
import type { Executor } from '../db/client';
import { accounts, businessParameters } from '../db/schema';
import { releaseDueCommissions, rescheduleHeldCommissions } from '../ledger/commissionRelease';
import { badParameter } from '../refusal';

const isKnown = (key: string): key is ParameterKey => Object.hasOwn(PARAMETERS, key);

/** Every parameter's value. */
export async function readParameters(db: Executor): Promise<ParameterValues> {
  const rows = await db.select({ key: businessParameters.key, value: businessParameters.value }).from(businessParameters);
  const values = { ...DEFAULT_PARAMETERS };
  for (const row of rows) if (isKnown(row.key)) values[row.key] = Number(row.value);
  return values;
}

/** One parameter's value. */
export async function readParameter(db: Executor, key: ParameterKey): Promise<number> {
  const [row] = await db.select({ value: businessParameters.value }).from(businessParameters).where(eq(businessParameters.key, key));
  return row ? Number(row.value) : DEFAULT_PARAMETERS[key];
}

/** What 系统参数 lists: each parameter's definition, value and last change. */
export async function listParameters({ db }: CallContext): Promise<ParameterItem[]> {
  const rows = await db
    .select({
      key: businessParameters.key,
      value: businessParameters.value,
      updatedBy: accounts.username,
      updatedAt: businessParameters.updatedAt,
    })
    .from(businessParameters)
    .leftJoin(accounts, eq(accounts.id, businessParameters.updatedBy));
  const stored = new Map(rows.map((row) => [row.key, row]));
  return PARAMETER_KEYS.map((key) => {
    const row = stored.get(key);
    return {
      key,
      ...PARAMETERS[key],
      value: row ? Number(row.value) : PARAMETERS[key].defaultValue,
      updatedBy: row?.updatedBy ?? null,
      updatedAt: row ? row.updatedAt.toISOString() : null,
    };
  });
}

/**
 * Sets one parameter (A0400 on `value` outside its range), audited with before and after. A new
 * 佣金结算期 reschedules the held commissions (`rescheduleHeldCommissions`), and those it makes
 * due are released at once rather than at the job's next round.
 */
export async function updateParameter(ctx: CallContext, { key, value }: ParameterUpdateBody): Promise<ParameterItem> {
  const problem = parameterProblem(key, value);
  if (problem) throw badParameter('value', problem);
  await ctx.db.transaction(async (tx) => {
    // Two changes of one parameter at once: the second waits here and records the first's value as its before.
    await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.parameters}, hashtext(${key}))`);
    const before = await readParameter(tx, key);
    await tx
      .insert(businessParameters)
      .values({ key, value, updatedBy: ctx.account.id, updatedAt: sql`now()` })
      .onConflictDoUpdate({ target: businessParameters.key, set: { value, updatedBy: ctx.account.id, updatedAt: sql`now()` } });
    if (key === 'commissionHoldDays' && before !== value) await rescheduleHeldCommissions(tx, value);
    await ctx.audit(tx, {
      action: 'parameter.update',
      targetType: 'parameter',
      targetId: key,
      before: { value: before },
      after: { value },
    });
  });
  if (key === 'commissionHoldDays') await releaseDueCommissions(ctx.db);
  return (await listParameters(ctx)).find((item) => item.key === key)!;
}
