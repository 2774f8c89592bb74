/**
 * 忘记密码 by e-mail (ASVS 6.4.3). `account/requestPasswordReset` mails a code to the account of an
 * address: RESET_CODE_LENGTH letters and digits from crypto randomness, kept as SHA-256, alive
 * RESET_CODE_MINUTES, single use, dead after RESET_CODE_TRIES wrong tries, and ended by a newer one.
 * The answer is the same whatever the address (unknown, disabled, over its mails of the hour), after
 * the same statements, and the mail goes out after it (server/mail.ts), so neither the answer nor
 * its time tells whether the address has an account.
 *
 * `account/confirmPasswordReset` takes the code and a new password that passes the policy: the
 * password becomes the account's own (no longer a generated one), an active lockout ends, every
 * session of the account ends ('reset') and a sign-in left waiting for its second factor with it.
 * It does not sign in: the user signs in with the new password, where a second factor is still
 * asked, and a disabled account stays disabled.
 *
 * Both are attempts of the per-address limit (./attempts `recordAttempt`, by network, IPv6 by /64),
 * so wrong codes are limited per network as well as per code.
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type {
  PasswordResetConfirmBody,
  PasswordResetDone,
  PasswordResetOptions,
  PasswordResetRequestBody,
  PasswordResetRequested,
} from '#contract/api/account';
import { RESET_CODE_ALPHABET, RESET_CODE_LENGTH, RESET_CODE_MINUTES, RESET_CODE_TRIES, RESET_MAILS_PER_HOUR } from '#contract/accountRules';
import { CODES } from '#contract/codes';
import { APP_TITLE } from '#contract/text/appTitle';
import { audit } from '../audit';
import type { PublicCallContext } from '../context';
import type { Executor } from '../db/client';
import { queryOne } from '../db/query';
import { accounts, authChallenges, passwordResets, sessions } from '../db/schema';
import { sendLater } from '../mail';
import { badParameter, Refusal } from '../refusal';
import { recordAttempt, settleAttempt } from './attempts';
import { assertHashingRoom } from './hashPool';
import { PASSWORD_RESET_MESSAGES, resetMail } from './messages';
import { OWN_PASSWORD_COLUMNS } from './oneTimePassword';
import { hashPassword } from './password';
import { assertStrongPassword } from './passwordPolicy';
import { endSessions } from './sessions';
import { announceCredentialChange } from '../notification/credentialChanged';

/** How long the rows are kept (the per-account count needs the last hour). */
export const RESET_ROWS_KEPT = '1 day';

/** A new code: RESET_CODE_LENGTH characters of RESET_CODE_ALPHABET, each drawn uniformly. */
export function newResetCode(): string {
  let code = '';
  for (let i = 0; i < RESET_CODE_LENGTH; i += 1) code += RESET_CODE_ALPHABET[randomInt(RESET_CODE_ALPHABET.length)];
  return code;
}

/** A code as typed, as it is compared: upper case, without spaces and hyphens. */
export const normaliseResetCode = (typed: string) => typed.replace(/[\s-]/g, '').toUpperCase();

export const hashResetCode = (code: string) => createHash('sha256').update(normaliseResetCode(code)).digest();

const unavailable = () => new Refusal(CODES.NOT_AUTHORISED, PASSWORD_RESET_MESSAGES.unavailable);
const wrongCode = () => badParameter('resetCode', PASSWORD_RESET_MESSAGES.wrongCode);

/** `/login#reset=<address>&code=<code>`: a fragment, so the code never reaches a server's or proxy's log. */
export const resetLink = (publicUrl: string, email: string, code: string) =>
  `${publicUrl}/login#reset=${encodeURIComponent(email)}&code=${code}`;

export async function passwordResetOptions({ config }: PublicCallContext): Promise<PasswordResetOptions> {
  return { byEmail: config.mail !== undefined, codeMinutes: RESET_CODE_MINUTES };
}

const sameAddress = (email: string) => sql`lower(${accounts.email}) = lower(${email})`;

/** Mails sent to the account in the last hour (0 for no account: the same statement either way). */
const mailsOfTheHour = (tx: Executor, accountId: number) =>
  tx
    .select({ n: count() })
    .from(passwordResets)
    .where(and(eq(passwordResets.accountId, accountId), gt(passwordResets.createdAt, sql`now() - interval '1 hour'`)));

export async function requestPasswordReset(
  { db, config, ip, userAgent, log }: PublicCallContext,
  body: PasswordResetRequestBody,
): Promise<PasswordResetRequested> {
  const mail = config.mail;
  if (!mail) throw unavailable();
  const email = body.email.trim();
  const { attemptId, allowed } = await recordAttempt(db, { ip, userAgent, username: email }, 'resetMail', config.authRateLimitPerMinute);
  if (!allowed) throw new Refusal(CODES.TOO_MANY_REQUESTS);
  const code = newResetCode();
  const codeHash = hashResetCode(code).toString('hex');
  const outgoing = await db.transaction(async (tx) => {
    // The account row locked: two requests at once count each other's mail.
    const [account] = await tx
      .select({ id: accounts.id, username: accounts.username, email: accounts.email })
      .from(accounts)
      .where(sameAddress(email))
      .orderBy(accounts.id)
      .limit(1)
      .for('no key update');
    const [sent] = await mailsOfTheHour(tx, account?.id ?? 0);
    const send = account !== undefined && (sent?.n ?? 0) < RESET_MAILS_PER_HOUR;
    // The same two statements whether or not a mail goes: for no account (or one past its mails
    // of the hour) they name account 0, which no row has.
    const target = send ? account.id : 0;
    // A new code ends the ones before it.
    await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResets.accountId, target), isNull(passwordResets.usedAt)));
    // Raw: drizzle's insert … select lists every column, the serial id included.
    await tx.execute(
      sql`insert into password_resets (account_id, code_hash, expires_at)
          select id, ${codeHash}, now() + make_interval(mins => ${RESET_CODE_MINUTES}) from accounts where id = ${target}`,
    );
    // The login log says whether a mail went (staff see it; the visitor does not).
    await settleAttempt(tx, attemptId, account?.id ?? null, send);
    return send ? account : undefined;
  });
  if (outgoing) {
    const link = config.publicUrl ? resetLink(config.publicUrl, outgoing.email, code) : undefined;
    const message = resetMail({ username: outgoing.username, code, minutes: RESET_CODE_MINUTES, link, appTitle: APP_TITLE });
    sendLater(mail, { to: outgoing.email, ...message }, log, 'password reset');
  }
  return { codeMinutes: RESET_CODE_MINUTES };
}

interface LiveCode {
  id: number;
  codeHash: string;
  accountId: number;
  username: string;
  email: string;
}

/**
 * The account's live code when `given` is it; a wrong one costs the live code a try (at
 * RESET_CODE_TRIES it is dead). Committed before any refusal, so the tries count.
 */
async function matchingCode(db: PublicCallContext['db'], email: string, given: Buffer): Promise<LiveCode | undefined> {
  return db.transaction(async (tx) => {
    const [live] = await tx
      .select({
        id: passwordResets.id,
        codeHash: passwordResets.codeHash,
        accountId: accounts.id,
        username: accounts.username,
        email: accounts.email,
      })
      .from(passwordResets)
      .innerJoin(accounts, eq(accounts.id, passwordResets.accountId))
      .where(
        and(
          sameAddress(email),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, sql`now()`),
          lt(passwordResets.failures, RESET_CODE_TRIES),
        ),
      )
      .orderBy(desc(passwordResets.id))
      .limit(1)
      .for('update', { of: passwordResets });
    if (!live) return undefined;
    if (timingSafeEqual(Buffer.from(live.codeHash, 'hex'), given)) return live;
    await tx
      .update(passwordResets)
      .set({ failures: sql`${passwordResets.failures} + 1` })
      .where(eq(passwordResets.id, live.id));
    return undefined;
  });
}

export async function confirmPasswordReset(
  { db, config, ip, userAgent }: PublicCallContext,
  body: PasswordResetConfirmBody,
): Promise<PasswordResetDone> {
  if (!config.mail) throw unavailable();
  assertHashingRoom();
  const email = body.email.trim();
  // The policy first, with what the visitor typed: its refusal tells nothing of the account.
  assertStrongPassword('newPassword', body.newPassword, [email]);
  const { attemptId, allowed } = await recordAttempt(db, { ip, userAgent, username: email }, 'reset', config.authRateLimitPerMinute);
  if (!allowed) throw new Refusal(CODES.TOO_MANY_REQUESTS);
  const live = await matchingCode(db, email, hashResetCode(body.resetCode));
  if (!live) throw wrongCode();
  // Now with the username too; the code stays alive for a better password.
  assertStrongPassword('newPassword', body.newPassword, [live.username, live.email]);
  const passwordHash = await hashPassword(body.newPassword);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from accounts where id = ${live.accountId} for no key update`);
    // Taken once: a second use of the same code (two tabs, a replay) finds it used.
    const taken = await queryOne<{ id: number }>(
      tx,
      sql`update password_resets set used_at = now() where id = ${live.id} and used_at is null returning id`,
    );
    if (!taken) throw wrongCode();
    await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResets.accountId, live.accountId), isNull(passwordResets.usedAt)));
    await tx
      .update(accounts)
      // locked_until = now(): the lockout ends, and the failures before the reset no longer count towards the next (./attempts).
      .set({ passwordHash, ...OWN_PASSWORD_COLUMNS, lockedUntil: sql`now()` })
      .where(eq(accounts.id, live.accountId));
    const signedOut = (await endSessions(tx, 'reset', eq(sessions.accountId, live.accountId))).length;
    await announceCredentialChange(tx, live.accountId, 'passwordByMail');
    // A sign-in the old password began and that waits for its second factor ends too.
    await tx.delete(authChallenges).where(eq(authChallenges.accountId, live.accountId));
    await settleAttempt(tx, attemptId, live.accountId, true);
    await audit(tx, {
      actorId: live.accountId,
      action: 'profile.resetPassword',
      targetType: 'account',
      targetId: live.accountId,
      after: { byEmail: true, signedOut },
      ip,
    });
    return { signedOut };
  });
}

/** Deletes the codes older than RESET_ROWS_KEPT (the maintenance: ./maintenance.ts); answers how many. */
export async function pruneResetCodes(db: Executor): Promise<number> {
  const row = await queryOne<{ n: number }>(
    db,
    sql`with deleted as (
          delete from password_resets where created_at < now() - interval '${sql.raw(RESET_ROWS_KEPT)}' returning 1)
        select count(*)::int as n from deleted`,
  );
  return row?.n ?? 0;
}
