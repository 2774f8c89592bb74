/**
 * Signing in: register, login and logout. The rate limit and the lockout are ./attempts (counted
 * before any password is checked), the hashing ./password, the sessions ./sessions.
 */
import { and, eq, or, sql } from 'drizzle-orm';
import type { LoginBody, LoginResult, RegisterBody, RegisterResult } from '#contract/api/account';
import { CODES } from '#contract/codes';
import { queryOne } from '../db/query';
import type { Executor } from '../db/client';
import { accountRoles, accounts, membershipLevels, roles } from '../db/schema';
import { Refusal, refuseUniqueViolation } from '../refusal';
import { beginLogin, LOCKOUT_FAILURES, recordAttempt, registerFailure, settleAttempt } from './attempts';
import { recordSecurityEvent } from '../securityEvent/record';
import { isNewDevice, noticeNewDevice } from '../securityEvent/newDevice';
import { membershipOf } from './membership';
import { DUMMY_HASH, hashPassword, needsRehash, verifyPassword } from './password';
import { assertHashingRoom } from './hashPool';
import { assertStrongPassword } from './passwordPolicy';
import { issueSession, revokeSession } from './sessions';
import { askSecondFactor } from './secondFactor';
import { TAKEN_MESSAGES } from '../account/messages';
import { invitingSalesperson } from '../promotion/referrals';
import { checkReferral } from '../referralReview/checks';
import type { CallContext, PublicCallContext } from '../context';

/** The call a sign-in's security events name. */
const LOGIN_PATH = 'account/login';

/** The role every registered account gets. */
export const MEMBER_ROLE = 'member';
/** A0111 naming the register form's field at fault, for the form to mark. */
const usernameTaken = () => new Refusal(CODES.USERNAME_TAKEN, TAKEN_MESSAGES.username, { field: 'username' });
const emailTaken = () => new Refusal(CODES.USERNAME_TAKEN, TAKEN_MESSAGES.email, { field: 'email' });

/**
 * Whether another account already has this username or e-mail (any case), in one statement: the
 * registration's and 新建账号's check before the insert, whose unique indexes stay the last word.
 */
export async function namesTaken(db: Executor, { username, email }: { username: string; email: string }) {
  const [taken] = await db
    .select({
      usernameTaken: sql<boolean | null>`bool_or(lower(${accounts.username}) = lower(${username}))`,
      emailTaken: sql<boolean | null>`bool_or(lower(${accounts.email}) = lower(${email}))`,
    })
    .from(accounts)
    .where(or(sql`lower(${accounts.username}) = lower(${username})`, sql`lower(${accounts.email}) = lower(${email})`));
  return taken;
}

/** A new account with the member role, referred by the salesperson of `inviteCode` when there is one. */
export async function register({ db, config, ip, userAgent }: PublicCallContext, body: RegisterBody): Promise<RegisterResult> {
  assertHashingRoom();
  const client = { ip, userAgent };
  const { attemptId, allowed } = await recordAttempt(db, { ...client, username: body.username }, 'register', config.authRateLimitPerMinute);
  if (!allowed) throw new Refusal(CODES.TOO_MANY_REQUESTS);
  const taken = await namesTaken(db, body);
  if (taken?.usernameTaken) throw usernameTaken();
  if (taken?.emailTaken) throw emailTaken();

  let referrerId: number | null = null;
  const inviteCode = body.inviteCode?.trim();
  if (inviteCode) {
    referrerId = (await invitingSalesperson(db, inviteCode)).accountId;
  }

  assertStrongPassword('password', body.password, [body.username, body.email]);
  const passwordHash = await hashPassword(body.password);
  const id = await refuseUniqueViolation(
    () =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .insert(accounts)
          .values({ username: body.username, email: body.email, passwordHash, referrerId })
          .returning({ id: accounts.id });
        await tx.insert(accountRoles).select((qb) =>
          qb
            .select({ accountId: sql<number>`${row.id}`.as('account_id'), roleId: roles.id })
            .from(roles)
            .where(eq(roles.code, MEMBER_ROLE)),
        );
        // Settled here, so that the referral checks of the next registration from this network count this one.
        await settleAttempt(tx, attemptId, row.id, true);
        if (referrerId !== null) {
          await checkReferral(tx, { memberId: row.id, salespersonId: referrerId, email: body.email, ip, userAgent });
        }
        return row.id;
      }),
    (constraint) => (constraint === 'accounts_email_key' ? emailTaken() : usernameTaken()),
  );
  return { id, username: body.username, email: body.email };
}

export type LoginRow = Pick<
  typeof accounts.$inferSelect,
  'id' | 'username' | 'email' | 'passwordHash' | 'status' | 'sessionTtlSeconds' | 'passwordChangeRequired'
> & {
  locked: boolean;
  passwordExpired: boolean;
  levelId: number | null;
  levelName: (typeof membershipLevels.$inferSelect)['name'] | null;
  shopQuota: number | null;
  productQuota: number | null;
  membershipExpiresAt: unknown;
};

/** The account a sign-in is for (by name or e-mail, or by id for its second step), its row locked. */
export const signingInAccount = (tx: Executor, which: { name: string } | { id: number }) =>
  queryOne<LoginRow>(
    tx,
    sql`select a.id, a.username, a.email, a.password_hash as "passwordHash", a.status,
               coalesce(a.locked_until > now(), false) as locked,
               a.session_ttl_seconds as "sessionTtlSeconds",
               a.password_change_required as "passwordChangeRequired",
               coalesce(a.password_expires_at <= now(), false) as "passwordExpired",
               a.membership_level_id as "levelId", ml.name as "levelName", ml.shop_quota as "shopQuota", ml.product_quota as "productQuota",
               a.membership_expires_at as "membershipExpiresAt"
        from accounts a left join membership_levels ml on ml.id = a.membership_level_id
        where ${'id' in which ? sql`a.id = ${which.id}` : sql`lower(a.username) = lower(${which.name}) or lower(a.email) = lower(${which.name})`}
        order by a.id limit 1
        for no key update of a`,
  );

/**
 * One refusal, A0210 用户名或密码错误, in one time for a missing account, a wrong password and a
 * disabled account with a wrong password: every path counts the attempt first (beginLogin), then
 * runs one scrypt verification (against DUMMY_HASH when there is no account) and one failure
 * count. A disabled account hears A0202 only after its right password, as does an expired
 * generated password A0213; a locked one A0211. The right password of an account with a second
 * factor is A0215 in the same envelope, with the ticket of the second step (./secondFactor.ts).
 */
export async function login(ctx: PublicCallContext, body: LoginBody): Promise<LoginResult> {
  const { db, config, ip, userAgent, log } = ctx;
  // Every login hashes (a missing account against a dummy hash): the same answer for every account when the pool is full.
  assertHashingRoom();
  const client = { ip, userAgent };
  const name = body.username.trim();
  const gate = await beginLogin<LoginRow>(db, { ...client, username: name }, config.authRateLimitPerMinute, (tx) =>
    signingInAccount(tx, { name }),
  );
  /** The lockout's security event: the account, or the name no account has, as typed. */
  const lockout = (accountId: number | null) =>
    recordSecurityEvent(
      db,
      { kind: 'lockout', accountId, username: name, path: LOGIN_PATH, ip, userAgent, detail: { failures: LOCKOUT_FAILURES } },
      log,
    );
  if (gate.outcome === 'rateLimited') throw new Refusal(CODES.TOO_MANY_REQUESTS);
  if (gate.outcome === 'locked') {
    if (gate.lockedNow) await lockout(gate.account?.id ?? null);
    throw new Refusal(CODES.TOO_MANY_PASSWORD_ATTEMPTS);
  }
  const { account, attemptId } = gate;
  const right = await verifyPassword(body.password, account?.passwordHash ?? DUMMY_HASH);
  if (!account || !right) {
    const locked = await registerFailure(db, account?.id ?? null, name);
    if (locked) await lockout(account?.id ?? null);
    throw new Refusal(locked ? CODES.TOO_MANY_PASSWORD_ATTEMPTS : CODES.WRONG_PASSWORD);
  }
  assertMaySignIn(account);
  const signIn = { accountId: account.id, username: account.username, ip, userAgent };
  // Read before this attempt counts as a success: a sign-in is never its own earlier one.
  const newDevice = await isNewDevice(db, signIn);
  await settleAttempt(db, attemptId, account.id, true);
  if (needsRehash(account.passwordHash)) {
    // Older, cheaper parameters: store today's, unless the password changed meanwhile.
    const upgraded = await hashPassword(body.password);
    await db
      .update(accounts)
      .set({ passwordHash: upgraded })
      .where(and(eq(accounts.id, account.id), eq(accounts.passwordHash, account.passwordHash)));
  }
  // The right password from a new device is news even while its second factor is still asked for.
  if (newDevice) await noticeNewDevice(db, signIn, attemptId, log);
  await askSecondFactor(ctx, account.id, body.remember ?? false);
  return startSession(ctx, account, body.remember ?? false);
}

/**
 * After the account's proof (a password, a second factor, a passkey): refuses a disabled account
 * (A0202) and an expired generated password (A0213). Both come only after a right proof, so that
 * they tell nothing to someone who does not have it.
 */
export function assertMaySignIn(account: Pick<LoginRow, 'status' | 'passwordChangeRequired' | 'passwordExpired'>): void {
  // The attempt stays a failure: the account can not sign in, but the proof was right.
  if (account.status !== 'enabled') throw new Refusal(CODES.ACCOUNT_DISABLED);
  // Likewise a generated password past its hours (./oneTimePassword): staff must make a new one.
  if (account.passwordChangeRequired && account.passwordExpired) throw new Refusal(CODES.ONE_TIME_PASSWORD_EXPIRED);
}

/** The session of a complete sign-in: its lifetime, the last sign-in's time, and what the console is told. */
export async function startSession(
  { db, config, ip, userAgent }: PublicCallContext,
  account: LoginRow,
  remember: boolean,
): Promise<LoginResult> {
  await db
    .update(accounts)
    .set({ lastLoginAt: sql`now()` })
    .where(eq(accounts.id, account.id));
  const ttlSeconds = account.sessionTtlSeconds ?? (remember ? config.rememberTtlSeconds : config.sessionTtlSeconds);
  const session = await issueSession(db, { accountId: account.id, ttlSeconds, sessionLimit: config.sessionsPerAccount, ip, userAgent });
  return {
    token: session.token,
    expires: session.expires,
    username: account.username,
    email: account.email,
    membership: membershipOf(account),
    passwordChangeRequired: account.passwordChangeRequired,
    enrolmentRequired: session.enrolmentRequired,
  };
}

export async function logout({ db, account }: CallContext): Promise<null> {
  await revokeSession(db, account.sessionId, 'logout');
  return null;
}
