/**
 * The caller's own account (`/client/user`: email, password, sessions) and the home screen's
 * figures (`profile/summary`). Every function acts on the caller only.
 */
import { and, count, desc, eq, max, ne, sql } from 'drizzle-orm';
import type { Page, PageQuery } from '#contract/api/common';
import type {
  ActiveSession,
  ChangePasswordBody,
  HomeSummary,
  OtherSessionsEnded,
  PasswordChanged,
  Profile,
  SummaryBody,
  UpdateEmailBody,
} from '#contract/api/profile';
import type { SessionEnded } from '#contract/api/session';
import { CODES } from '#contract/codes';
import { PROFILE_MESSAGES } from './messages';
import { OWN_PASSWORD_COLUMNS } from '../auth/oneTimePassword';
import { hashPassword, verifyPassword } from '../auth/password';
import { assertStrongPassword } from '../auth/passwordPolicy';
import { endSessions, liveSessionCondition } from '../auth/sessions';
import type { Executor } from '../db/client';
import { pageOfQuery } from '../db/paging';
import { queryOne, toIso } from '../db/query';
import { accounts, pluginTokens, sessions } from '../db/schema';
import { badParameter, Refusal, refuseUniqueViolation } from '../refusal';
import type { CallContext } from '../context';
import { salespersonMoney } from '../ledger/balance';
import { announceCredentialChange } from '../notification/credentialChanged';

export async function getProfile({ db, account }: CallContext): Promise<Profile> {
  const [row] = await db
    .select({ createdAt: accounts.createdAt, lastLoginAt: accounts.lastLoginAt })
    .from(accounts)
    .where(eq(accounts.id, account.id));
  return {
    id: account.id,
    username: account.username,
    email: account.email,
    membership: account.membership,
    createdAt: toIso(row?.createdAt)!,
    lastLoginAt: toIso(row?.lastLoginAt),
  };
}

/** Refuses (A0210, on `field`) unless `password` is the account's current one. */
async function assertCurrentPassword(db: Executor, accountId: number, password: string, field: string): Promise<void> {
  const [row] = await db.select({ passwordHash: accounts.passwordHash }).from(accounts).where(eq(accounts.id, accountId));
  if (!row || !(await verifyPassword(password, row.passwordHash))) {
    throw new Refusal(CODES.WRONG_PASSWORD, PROFILE_MESSAGES.wrongCurrentPassword, { field });
  }
}

/** A0111 naming the form's e-mail field, for the form to mark. */
const emailTaken = () => new Refusal(CODES.USERNAME_TAKEN, PROFILE_MESSAGES.emailTaken, { field: 'email' });

export async function updateEmail({ db, account }: CallContext, body: UpdateEmailBody): Promise<{ email: string }> {
  // The current password first: a session left open is not enough to take over the account's email.
  await assertCurrentPassword(db, account.id, body.password, 'password');
  const email = body.email.trim();
  const [taken] = await db
    .select({ one: sql`1` })
    .from(accounts)
    .where(and(sql`lower(${accounts.email}) = lower(${email})`, ne(accounts.id, account.id)))
    .limit(1);
  if (taken) throw emailTaken();
  await refuseUniqueViolation(
    () =>
      db.transaction(async (tx) => {
        await tx.update(accounts).set({ email }).where(eq(accounts.id, account.id));
        await announceCredentialChange(tx, account.id, 'email');
      }),
    emailTaken(),
  );
  return { email };
}

/** A new password; every other session signs out, the one that changed it stays. */
export async function changePassword({ db, account, audit }: CallContext, body: ChangePasswordBody): Promise<PasswordChanged> {
  await assertCurrentPassword(db, account.id, body.currentPassword, 'currentPassword');
  if (body.newPassword === body.currentPassword) throw badParameter('newPassword', PROFILE_MESSAGES.samePassword);
  assertStrongPassword('newPassword', body.newPassword, [account.username, account.email]);
  const passwordHash = await hashPassword(body.newPassword);
  return db.transaction(async (tx) => {
    // The account's own password now: a generated one's limits end here.
    await tx
      .update(accounts)
      .set({ passwordHash, ...OWN_PASSWORD_COLUMNS })
      .where(eq(accounts.id, account.id));
    const signedOut = (await endSessions(tx, 'password', eq(sessions.accountId, account.id), ne(sessions.id, account.sessionId))).length;
    await audit(tx, {
      action: 'profile.changePassword',
      targetType: 'account',
      targetId: account.id,
      after: { signedOut, ...(account.passwordChangeRequired ? { replacedOneTimePassword: true } : {}) },
    });
    // Replacing a generated password is the expected first step, not news.
    if (!account.passwordChangeRequired) await announceCredentialChange(tx, account.id, 'password');
    return { signedOut };
  });
}

/** The account's live sessions, the caller's own first. */
export async function listOwnSessions({ db, config, account }: CallContext, body: PageQuery): Promise<Page<ActiveSession>> {
  const idleSeconds = config.sessionIdleSeconds;
  const live = and(eq(sessions.accountId, account.id), liveSessionCondition(idleSeconds));
  return pageOfQuery(
    body,
    {
      rows: db
        .select({
          id: sessions.id,
          ip: sessions.ip,
          userAgent: sessions.userAgent,
          createdAt: sessions.createdAt,
          lastSeenAt: sessions.lastSeenAt,
          expiresAt: sessions.expiresAt,
          // A subquery built apart: drizzle writes the columns of a single-table select's own fragments bare.
          pluginTokenIssuedAt: sql`${db
            .select({ at: max(pluginTokens.createdAt) })
            .from(pluginTokens)
            .where(eq(pluginTokens.sessionId, sessions.id))}`.mapWith(pluginTokens.createdAt),
        })
        .from(sessions)
        .where(live)
        .orderBy(desc(sql`(${sessions.id} = ${account.sessionId})`), desc(sessions.lastSeenAt), desc(sessions.id))
        .$dynamic(),
      count: db.select({ n: count() }).from(sessions).where(live),
    },
    (row) => ({
      id: row.id,
      current: row.id === account.sessionId,
      ip: row.ip,
      userAgent: row.userAgent,
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      pluginTokenIssuedAt: toIso(row.pluginTokenIssuedAt),
    }),
  );
}

export async function revokeOwnSession({ db, account }: CallContext, { id }: { id: number }): Promise<SessionEnded> {
  const ended = await endSessions(db, 'self', eq(sessions.id, id), eq(sessions.accountId, account.id));
  // Another account's session reads as unknown: its existence is none of the caller's business.
  if (ended.length === 0) throw badParameter('id', PROFILE_MESSAGES.sessionNotFound);
  return { id, current: id === account.sessionId };
}

/** `profile/endOtherSessions` (退出其他设备): every live session of the account but the caller's. */
export async function endOtherSessions({ db, account }: CallContext): Promise<OtherSessionsEnded> {
  const ended = await db.transaction((tx) =>
    endSessions(tx, 'self', eq(sessions.accountId, account.id), ne(sessions.id, account.sessionId)),
  );
  return { ended: ended.length };
}

export async function homeSummary({ db, account, config }: CallContext, body: SummaryBody): Promise<HomeSummary> {
  const timeZone = config.businessTimeZone;
  // This month is the business month (BUSINESS_TZ), unless the console names its start.
  const monthStart = body.monthStart ? sql`${body.monthStart}::timestamptz` : sql`date_trunc('month', now(), ${timeZone})`;
  // Raw: one statement of scalar subqueries over five tables with no row to select from (the builder
  // has no from-less select), so that every figure is read from one snapshot.
  const row = await queryOne<{
    shops: number;
    orders: number;
    balance: number | string | null;
    pending: number | string | null;
    held: number | string;
    month: number | string;
  }>(
    db,
    sql`select
          (select count(*)::int from shops where account_id = ${account.id} and status = 'bound') as shops,
          (select count(*)::int from orders where account_id = ${account.id}) as orders,
          (select balance_cents from salespeople where account_id = ${account.id} and removed_at is null) as balance,
          (select pending_cents from salespeople where account_id = ${account.id} and removed_at is null) as pending,
          (select coalesce(sum(amount_cents), 0) from withdrawals where account_id = ${account.id} and status in ('pending', 'approved')) as held,
          (select coalesce(sum(amount_cents), 0) from ledger_entries
           where account_id = ${account.id} and kind in ('commission', 'refund', 'clawback') and created_at >= ${monthStart}) as month`,
  );
  const isSale = row?.balance !== null && row?.balance !== undefined;
  return {
    membership: account.membership,
    shopCount: Number(row?.shops ?? 0),
    orderCount: Number(row?.orders ?? 0),
    sale: isSale
      ? { ...salespersonMoney(row.balance!, row.pending ?? 0), heldCents: Number(row.held), monthCommissionCents: Number(row.month) }
      : null,
  };
}
