/**
 * Who must have a second factor: an account holding a role with 需要两步验证 (`roles.requires_second_factor`),
 * unless it is a demo account (`accounts.second_factor_exempt`, CONSOLE_DEMO only). Such an account
 * without a factor gets sessions that may only enrol one (`sessions.enrolment_required`, A0216 for
 * anything else: http/calls.ts), decided when the session is issued.
 */
import { and, eq, sql } from 'drizzle-orm';
import { ENROLMENT_CALLS } from '#contract/accountRules';
import { CODES } from '#contract/codes';
import type { Executor } from '../db/client';
import { accountFactors, accountRoles, accounts, roles, sessions } from '../db/schema';
import { Refusal } from '../refusal';

/** A condition: the account `accountId` holds a role with 需要两步验证 and is not exempt. */
const requiredFor = (accountId: number) =>
  sql`exists (
        select 1 from ${accounts}
        join ${accountRoles} on ${accountRoles.accountId} = ${accounts.id}
        join ${roles} on ${roles.id} = ${accountRoles.roleId}
        where ${accounts.id} = ${accountId} and ${roles.requiresSecondFactor} and not ${accounts.secondFactorExempt})`;

const hasFactor = (accountId: number) => sql`exists (select 1 from ${accountFactors} where ${accountFactors.accountId} = ${accountId})`;

/** A value for `sessions.enrolment_required` of a new session of the account. */
export const enrolmentPending = (accountId: number) => sql<boolean>`(${requiredFor(accountId)} and not ${hasFactor(accountId)})`;

/** Whether the account's roles ask it for a second factor (it is not exempt). */
export async function secondFactorRequired(db: Executor, accountId: number): Promise<boolean> {
  const [row] = await db.select({ required: sql<boolean>`${requiredFor(accountId)}` }).from(sql`(select 1) as one`);
  return row?.required ?? false;
}

/** Once the account has a factor: its sessions that were waiting for one may do everything again. */
export async function endEnrolmentWait(tx: Executor, accountId: number): Promise<void> {
  await tx
    .update(sessions)
    .set({ enrolmentRequired: false })
    .where(and(eq(sessions.accountId, accountId), eq(sessions.enrolmentRequired, true)));
}

const ENROLMENT: ReadonlySet<string> = new Set(ENROLMENT_CALLS);

/** Refuses `path` (A0216) to a session that must enrol a second factor first, but for enrolling and signing out. */
export function assertEnrolled(state: { enrolmentRequired: boolean }, path: string): void {
  if (state.enrolmentRequired && !ENROLMENT.has(path)) throw new Refusal(CODES.ENROLMENT_REQUIRED);
}
