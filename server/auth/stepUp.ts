/**
 * Step-up (ASVS 7.5.3): the calls marked `stepUp` in the contract need a session whose holder gave the
 * password or a second factor lately (server/http/calls.ts refuses them with A0214 otherwise).
 * `account/stepUp` takes the password again, or a code of the account's authenticator app, and dates
 * the session's proof now. It is an attempt like a login's: the same per-address limit, and its
 * failures count towards the account's lockout (./attempts), so a session left open is no way to
 * guess the password or the code.
 */
import { eq, sql } from 'drizzle-orm';
import type { StepUpBody, StepUpResult } from '#contract/api/account';
import { CODES } from '#contract/codes';
import { accounts, sessions } from '../db/schema';
import { badParameter, Refusal } from '../refusal';
import type { CallContext } from '../context';
import { beginLogin, LOCKOUT_FAILURES, registerFailure, settleAttempt } from './attempts';
import { recordSecurityEvent } from '../securityEvent/record';
import { assertHashingRoom } from './hashPool';
import { verifyPassword } from './password';
import { STEP_UP_MESSAGES } from './messages';
import { spendTotpCode, wrongProof } from './secondFactor';

export async function stepUp({ db, config, account, ip, userAgent, log }: CallContext, body: StepUpBody): Promise<StepUpResult> {
  if ((body.password === undefined) === (body.code === undefined)) throw badParameter('password', STEP_UP_MESSAGES.oneProof);
  assertHashingRoom();
  const gate = await beginLogin(
    db,
    { ip, userAgent, username: account.username },
    config.authRateLimitPerMinute,
    async (tx) => {
      const [row] = await tx
        .select({
          id: accounts.id,
          passwordHash: accounts.passwordHash,
          locked: sql<boolean>`coalesce(${accounts.lockedUntil} > now(), false)`,
        })
        .from(accounts)
        .where(eq(accounts.id, account.id))
        .for('no key update');
      return row;
    },
    'stepUp',
  );
  const who = { accountId: account.id, username: account.username, path: 'account/stepUp', ip, userAgent };
  const lockout = () => recordSecurityEvent(db, { kind: 'lockout', ...who, detail: { failures: LOCKOUT_FAILURES } }, log);
  if (gate.outcome === 'rateLimited') throw new Refusal(CODES.TOO_MANY_REQUESTS);
  if (gate.outcome === 'locked') {
    if (gate.lockedNow) await lockout();
    throw new Refusal(CODES.TOO_MANY_PASSWORD_ATTEMPTS);
  }
  const right =
    body.code !== undefined
      ? await spendTotpCode(db, account.id, body.code)
      : await verifyPassword(body.password!, gate.account!.passwordHash);
  if (!right) {
    await recordSecurityEvent(db, { kind: 'stepUpFailed', ...who }, log);
    const locked = await registerFailure(db, account.id, account.username);
    if (locked) await lockout();
    if (locked) throw new Refusal(CODES.TOO_MANY_PASSWORD_ATTEMPTS);
    if (body.code !== undefined) throw wrongProof('code');
    throw new Refusal(CODES.WRONG_PASSWORD, STEP_UP_MESSAGES.wrongPassword, { field: 'password' });
  }
  await settleAttempt(db, gate.attemptId, account.id, true);
  const [proved] = await db
    .update(sessions)
    .set({ provedAt: sql`now()` })
    .where(eq(sessions.id, account.sessionId))
    .returning({ at: sessions.provedAt });
  return { provedUntil: new Date(proved.at.getTime() + config.stepUpSeconds * 1000).toISOString() };
}
