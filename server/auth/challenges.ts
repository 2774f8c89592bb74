/**
 * Short-lived, single-use challenges (`auth_challenges`): a sign-in waiting for its second factor,
 * a WebAuthn challenge, a TOTP secret shown for enrolment. A ticket handed to the browser is stored
 * as its SHA-256 only, like a session token.
 */
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { SECOND_FACTOR_TRIES } from '#contract/accountRules';
import type { Executor } from '../db/client';
import { AUTH_CHALLENGE_KINDS, authChallenges } from '../db/schema';
import { hashToken, newToken } from './tokens';

export type ChallengeKind = (typeof AUTH_CHALLENGE_KINDS)[number];
export type Challenge = typeof authChallenges.$inferSelect;

export interface NewChallenge {
  kind: ChallengeKind;
  seconds: number;
  accountId?: number;
  /** A challenge of a signed-in session (enrolment, step-up): only that session may answer it. */
  sessionId?: number;
  challenge?: string;
  remember?: boolean;
  attemptId?: number;
}

/** Opens a challenge; answers its ticket (given once: only its hash is kept). */
export async function openChallenge(db: Executor, opened: NewChallenge): Promise<string> {
  const ticket = newToken();
  if (opened.sessionId !== undefined) {
    // One open challenge of a kind per session: a new enrolment replaces the one left unfinished.
    await db.delete(authChallenges).where(and(eq(authChallenges.sessionId, opened.sessionId), eq(authChallenges.kind, opened.kind)));
  }
  await db.insert(authChallenges).values({
    kind: opened.kind,
    tokenHash: hashToken(ticket),
    accountId: opened.accountId,
    sessionId: opened.sessionId,
    challenge: opened.challenge,
    remember: opened.remember ?? false,
    attemptId: opened.attemptId,
    expiresAt: sql`now() + make_interval(secs => ${opened.seconds})`,
  });
  return ticket;
}

const live = () =>
  and(isNull(authChallenges.usedAt), gt(authChallenges.expiresAt, sql`now()`), lt(authChallenges.failures, SECOND_FACTOR_TRIES));

/** The live challenge of `kind` that `ticket` names; undefined when unknown, used, expired or tried too often. */
export async function challengeOfTicket(db: Executor, kind: ChallengeKind, ticket: string): Promise<Challenge | undefined> {
  const [row] = await db
    .select()
    .from(authChallenges)
    .where(and(eq(authChallenges.tokenHash, hashToken(ticket)), eq(authChallenges.kind, kind), live()));
  return row;
}

/** The session's live challenge of `kind`. */
export async function challengeOfSession(db: Executor, kind: ChallengeKind, sessionId: number): Promise<Challenge | undefined> {
  const [row] = await db
    .select()
    .from(authChallenges)
    .where(and(eq(authChallenges.sessionId, sessionId), eq(authChallenges.kind, kind), live()))
    .orderBy(desc(authChallenges.id))
    .limit(1);
  return row;
}

/** Uses the challenge up; false when another request used it first (or it is no longer live). */
export async function spendChallenge(db: Executor, id: number): Promise<boolean> {
  const spent = await db
    .update(authChallenges)
    .set({ usedAt: sql`now()` })
    .where(and(eq(authChallenges.id, id), live()))
    .returning({ id: authChallenges.id });
  return spent.length > 0;
}

/** Counts a wrong answer: after SECOND_FACTOR_TRIES the challenge is dead. */
export async function countChallengeFailure(db: Executor, id: number): Promise<void> {
  await db
    .update(authChallenges)
    .set({ failures: sql`${authChallenges.failures} + 1` })
    .where(eq(authChallenges.id, id));
}

/** Deletes the challenges that ended before `days` ago (the maintenance job). */
export async function pruneChallenges(db: Executor, days = 1): Promise<number> {
  const pruned = await db
    .delete(authChallenges)
    .where(lt(authChallenges.expiresAt, sql`now() - make_interval(days => ${days})`))
    .returning({ id: authChallenges.id });
  return pruned.length;
}
