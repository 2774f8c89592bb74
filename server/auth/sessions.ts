/** Sessions: issue, authenticate (one SQL round trip), revoke. */
import { and, desc, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { signalSessionsEnded } from '../notification/signals';
import type { PasswordState } from './oneTimePassword';
import type { Db, Executor } from '../db/client';
import { CODE_MESSAGES, CODES } from '#contract/codes';
import type { DriverValue } from '../db/query';
import { accounts, type membershipLevels, pluginTokens, type SessionEndReason, sessions } from '../db/schema';
import { SESSION_MESSAGES } from './messages';
import { runPrepared, type PreparedStatement } from '../db/prepared';
import { hashToken, newToken } from './tokens';
import { membershipOf } from './membership';
import { enrolmentPending } from './factorState';
import type { Membership } from '#contract/api/account';

export interface SessionAccount extends PasswordState {
  sessionId: number;
  id: number;
  username: string;
  email: string;
  membership: Membership | null;
  roleIds: number[];
  /** `rbac_state.version` read in the same statement. */
  rbacVersion: number;
  /** Seconds since the holder last gave the password or a factor (sign-in or step-up), by the database's clock. */
  provedSecondsAgo: number;
  /** The account must enrol a second factor before anything else (./secondFactor.ts). */
  enrolmentRequired: boolean;
}

type Level = typeof membershipLevels.$inferSelect;

/** A row of AUTHENTICATE: the session, its account and membership as the schema types them. */
type AuthRow = Pick<typeof accounts.$inferSelect, 'username' | 'email'> & {
  sessionId: DriverValue;
  stale: boolean;
  accountId: (typeof accounts.$inferSelect)['id'];
  levelId: Level['id'] | null;
  levelName: Level['name'] | null;
  shopQuota: Level['shopQuota'] | null;
  productQuota: Level['productQuota'] | null;
  membershipExpiresAt: DriverValue;
  roleIds: number[] | null;
  version: DriverValue;
  provedSecondsAgo: DriverValue;
  passwordChangeRequired: boolean;
  passwordExpired: boolean;
  enrolmentRequired: boolean;
};

/** last_seen_at is written only when older than this (not on every call). */
export const LAST_SEEN_RESOLUTION_SECONDS = 60;
const LAST_SEEN_RESOLUTION = `${LAST_SEEN_RESOLUTION_SECONDS} seconds`;

/**
 * The live session whose token (or, for the plug-in's calls, whose plug-in token) hashes to `$1`,
 * with its account, roles and the RBAC version. `$2` is the idle timeout in seconds. Since
 * last_seen_at lags the last use by up to the resolution, a session counts as idle only when last
 * seen more than timeout + resolution ago: never early, at most a minute late.
 */
const authenticateStatement = (name: string, tokenCondition: string): PreparedStatement => ({
  name,
  text: `select s.id as "sessionId",
      s.last_seen_at < now() - interval '${LAST_SEEN_RESOLUTION}' as "stale",
      extract(epoch from now() - s.proved_at)::float8 as "provedSecondsAgo",
      s.enrolment_required as "enrolmentRequired",
      a.id as "accountId", a.username, a.email,
      a.membership_level_id as "levelId", ml.name as "levelName", ml.shop_quota as "shopQuota", ml.product_quota as "productQuota",
      a.membership_expires_at as "membershipExpiresAt",
      a.password_change_required as "passwordChangeRequired",
      coalesce(a.password_expires_at <= now(), false) as "passwordExpired",
      array(select ar.role_id from account_roles ar where ar.account_id = a.id order by ar.role_id) as "roleIds",
      (select version from rbac_state where id = 1) as version
    from sessions s
    join accounts a on a.id = s.account_id
    left join membership_levels ml on ml.id = a.membership_level_id
    where ${tokenCondition}
      and s.revoked_at is null and s.expires_at > now() and a.status = 'enabled'
      and s.last_seen_at > now() - make_interval(secs => $2::int + ${LAST_SEEN_RESOLUTION_SECONDS})`,
});

const AUTHENTICATE = authenticateStatement('console_authenticate_idle', 's.token_hash = $1');
const AUTHENTICATE_PLUGIN = authenticateStatement(
  'console_authenticate_plugin',
  's.id = (select pt.session_id from plugin_tokens pt where pt.token_hash = $1)',
);

const accountOf = (row: AuthRow): SessionAccount => ({
  sessionId: Number(row.sessionId),
  id: row.accountId,
  username: row.username,
  email: row.email,
  membership: membershipOf(row),
  roleIds: (row.roleIds ?? []).map(Number),
  rbacVersion: Number(row.version ?? 0),
  provedSecondsAgo: Number(row.provedSecondsAgo),
  passwordChangeRequired: row.passwordChangeRequired,
  passwordExpired: row.passwordExpired,
  enrolmentRequired: row.enrolmentRequired,
});

/**
 * The live session of `token` with its enabled account, role ids and the RBAC version, in one
 * (prepared) statement; undefined when the token is unknown, expired, revoked or idle for longer
 * than `idleSeconds`, or the account is disabled. Use refreshes last_seen_at (once a minute at most).
 */
export async function authenticate(db: Db, token: string, idleSeconds: number): Promise<SessionAccount | undefined> {
  const [row] = await runPrepared<AuthRow>(db, AUTHENTICATE, [hashToken(token), String(Math.trunc(idleSeconds))]);
  if (!row) return undefined;
  if (row.stale) {
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(sessions.id, Number(row.sessionId)));
  }
  return accountOf(row);
}

/**
 * The live console session a plug-in token belongs to, as `authenticate` answers it. The plug-in's
 * use does not keep the session alive: its polling must not stop a console left alone from idling out.
 */
export async function authenticatePlugin(db: Db, token: string, idleSeconds: number): Promise<SessionAccount | undefined> {
  const [row] = await runPrepared<AuthRow>(db, AUTHENTICATE_PLUGIN, [hashToken(token), String(Math.trunc(idleSeconds))]);
  return row ? accountOf(row) : undefined;
}

/**
 * The same liveness as `authenticate`, as a condition on `sessions` for listings: not revoked,
 * not expired, not idle past the timeout (with last_seen_at's minute of lag).
 */
export const liveSessionCondition = (idleSeconds: number): SQL =>
  and(
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, sql`now()`),
    gt(sessions.lastSeenAt, sql`now() - make_interval(secs => ${Math.trunc(idleSeconds) + LAST_SEEN_RESOLUTION_SECONDS})`),
  )!;

export interface IssueOptions {
  accountId: number;
  /** Live sessions the account may hold (config.sessionsPerAccount); the least recently used beyond it end. */
  sessionLimit: number;
  ttlSeconds: number;
  ip: string | null;
  userAgent: string | null;
}

/**
 * A new session; the token is returned once and only its hash is stored. Beyond `sessionLimit`
 * live sessions the least recently used end ('limit'). Locks: the account's
 * row, then its sessions (docs/concurrency.md), so two sign-ins of one account end the same ones.
 */
export async function issueSession(db: Db, options: IssueOptions): Promise<{ token: string; expires: number; enrolmentRequired: boolean }> {
  const token = newToken();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from accounts where id = ${options.accountId} for no key update`);
    const [row] = await tx
      .insert(sessions)
      .values({
        accountId: options.accountId,
        tokenHash: hashToken(token),
        expiresAt: sql`now() + make_interval(secs => ${options.ttlSeconds})`,
        ip: options.ip,
        userAgent: options.userAgent,
        enrolmentRequired: enrolmentPending(options.accountId),
      })
      .returning({ expiresAt: sessions.expiresAt, enrolmentRequired: sessions.enrolmentRequired });
    await endSessions(
      tx,
      'limit',
      inArray(
        sessions.id,
        tx
          .select({ id: sessions.id })
          .from(sessions)
          .where(and(eq(sessions.accountId, options.accountId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
          .orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
          .offset(options.sessionLimit),
      ),
    );
    return { token, expires: row.expiresAt.getTime(), enrolmentRequired: row.enrolmentRequired };
  });
}

/**
 * Ends the live sessions that every condition of `which` selects, for `reason`; their notification streams end at once,
 * on every instance. Answers the ids it ended (none when none was live). Every revocation passes here.
 */
export async function endSessions(tx: Executor, reason: SessionEndReason, ...which: [SQL, ...SQL[]]): Promise<number[]> {
  const ended = await tx
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(...which, isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .returning({ id: sessions.id });
  const ids = ended.map((row) => row.id);
  await signalSessionsEnded(tx, ids);
  return ids;
}

/** Ends a session (logout). */
export async function revokeSession(db: Db, sessionId: number, reason: SessionEndReason): Promise<void> {
  await db.transaction((tx) => endSessions(tx, reason, eq(sessions.id, sessionId)));
}

/**
 * What to tell a caller whose token is not a live session (A0230): that staff ended it, that the
 * account was disabled, that it was signed out elsewhere… rather than "expired" for all of them.
 * Read only on that failure path.
 */
export async function endedSessionMessage(db: Db, token: string | undefined): Promise<string> {
  // A plug-in token reads as the session it was issued to: the plug-in is told why that ended.
  const hash = token ? hashToken(token) : undefined;
  const [row] = hash
    ? await db
        .select({ reason: sessions.revokedReason, status: accounts.status })
        .from(sessions)
        .innerJoin(accounts, eq(accounts.id, sessions.accountId))
        .where(
          or(
            eq(sessions.tokenHash, hash),
            eq(sessions.id, db.select({ sessionId: pluginTokens.sessionId }).from(pluginTokens).where(eq(pluginTokens.tokenHash, hash))),
          ),
        )
    : [];
  if (!row) return CODE_MESSAGES[CODES.LOGIN_EXPIRED];
  // 不是我 disabled the account itself: its message says why (and that staff review it).
  if (row.reason === 'notMe') return SESSION_MESSAGES.ended.notMe;
  if (row.status !== 'enabled') return SESSION_MESSAGES.accountDisabled;
  return row.reason ? SESSION_MESSAGES.ended[row.reason] : CODE_MESSAGES[CODES.LOGIN_EXPIRED];
}
