/**
 * `profile/*`: the caller's own account (`/client/user`: email, password, sessions) and the home
 * screen's figures (`profile/summary`). Every call acts on the caller only.
 */
import { sql } from 'drizzle-orm';
import { CODES } from '#contract/codes';
import type { ActiveSession } from '#contract/api/profile';
import { PROFILE_TEXT } from '#contract/profile';
import { hashPassword, verifyPassword } from '../auth/password';
import { assertStrongPassword } from '../auth/passwordPolicy';
import { liveSessionCondition } from '../auth/sessions';
import { pgErrorCode, queryOne, toIso, UNIQUE_VIOLATION } from '../db/query';
import { defineCall, type CallDefinition } from '../http/calls';
import { badParameter, Refusal } from '../http/respond';
import { fetchPage } from '../db/paging';

const get = defineCall('profile/get', async ({ db, account }) => {
  const row = await queryOne<{ createdAt: unknown; lastLoginAt: unknown }>(
    db,
    sql`select created_at as "createdAt", last_login_at as "lastLoginAt" from accounts where id = ${account.id}`,
  );
  return {
    id: account.id,
    username: account.username,
    email: account.email,
    membership: account.membership,
    createdAt: toIso(row?.createdAt)!,
    lastLoginAt: toIso(row?.lastLoginAt),
  };
});

const updateEmail = defineCall('profile/updateEmail', async ({ db, account, body }) => {
  // The current password first: a session left open is not enough to take over the account's email.
  const row = await queryOne<{ passwordHash: string }>(
    db,
    sql`select password_hash as "passwordHash" from accounts where id = ${account.id}`,
  );
  if (!row || !(await verifyPassword(body.password, row.passwordHash))) {
    throw new Refusal(CODES.WRONG_PASSWORD, PROFILE_TEXT.wrongCurrentPassword, { field: 'password' });
  }
  const email = body.email.trim();
  const taken = await queryOne(
    db,
    sql`select 1 from accounts where lower(email) = lower(${email}) and id <> ${account.id} limit 1`,
  );
  if (taken) throw new Refusal(CODES.USERNAME_TAKEN, PROFILE_TEXT.emailTaken);
  try {
    await db.execute(sql`update accounts set email = ${email} where id = ${account.id}`);
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw new Refusal(CODES.USERNAME_TAKEN, PROFILE_TEXT.emailTaken);
    throw error;
  }
  return { email };
});

const changePassword = defineCall('profile/changePassword', async ({ db, account, body, audit }) => {
  const row = await queryOne<{ passwordHash: string }>(
    db,
    sql`select password_hash as "passwordHash" from accounts where id = ${account.id}`,
  );
  if (!row || !(await verifyPassword(body.currentPassword, row.passwordHash))) {
    throw new Refusal(CODES.WRONG_PASSWORD, PROFILE_TEXT.wrongCurrentPassword, { field: 'currentPassword' });
  }
  if (body.newPassword === body.currentPassword) throw badParameter('newPassword', PROFILE_TEXT.samePassword);
  assertStrongPassword('newPassword', body.newPassword, [account.username, account.email]);
  const passwordHash = await hashPassword(body.newPassword);
  return db.transaction(async (tx) => {
    await tx.execute(sql`update accounts set password_hash = ${passwordHash} where id = ${account.id}`);
    // Every other session signs out; the one that changed the password stays.
    const revoked = await queryOne<{ n: number }>(
      tx,
      sql`with revoked as (
            update sessions set revoked_at = now()
            where account_id = ${account.id} and id <> ${account.sessionId} and revoked_at is null and expires_at > now()
            returning 1)
          select count(*)::int as n from revoked`,
    );
    const signedOut = Number(revoked?.n ?? 0);
    await audit(tx, {
      action: 'profile.changePassword',
      targetType: 'account',
      targetId: account.id,
      after: { signedOut },
    });
    return { signedOut };
  });
});

interface SessionRow {
  id: number | string;
  ip: string | null;
  userAgent: string | null;
  createdAt: unknown;
  lastSeenAt: unknown;
  expiresAt: unknown;
}

const sessions = defineCall('profile/sessions', async ({ db, config, account, body }) => {
  const live = sql`s.account_id = ${account.id} and ${liveSessionCondition(config.sessionIdleSeconds)}`;
  return fetchPage<SessionRow, ActiveSession>(
    db,
    body,
    {
      rows: sql`select id, ip, user_agent as "userAgent", created_at as "createdAt", last_seen_at as "lastSeenAt",
                       expires_at as "expiresAt"
                from sessions s where ${live}
                order by (id = ${account.sessionId}) desc, last_seen_at desc, id desc`,
      count: sql`select count(*)::int as n from sessions s where ${live}`,
    },
    (row) => ({
      id: Number(row.id),
      current: Number(row.id) === account.sessionId,
      ip: row.ip,
      userAgent: row.userAgent,
      createdAt: toIso(row.createdAt)!,
      lastSeenAt: toIso(row.lastSeenAt)!,
      expiresAt: toIso(row.expiresAt)!,
    }),
  );
});

const revokeSession = defineCall('profile/revokeSession', async ({ db, account, body }) => {
  const row = await queryOne<{ id: number | string }>(
    db,
    sql`update sessions set revoked_at = now()
        where id = ${body.id} and account_id = ${account.id} and revoked_at is null and expires_at > now()
        returning id`,
  );
  // Another account's session reads as unknown: its existence is none of the caller's business.
  if (!row) throw badParameter('id', PROFILE_TEXT.sessionNotFound);
  return { id: body.id, current: body.id === account.sessionId };
});

const summary = defineCall('profile/summary', async ({ db, account, body }) => {
  const monthStart = body.monthStart ? sql`${body.monthStart}::timestamptz` : sql`date_trunc('month', now())`;
  const row = await queryOne<{
    shops: number;
    orders: number;
    balance: number | string | null;
    held: number | string;
    month: number | string;
  }>(
    db,
    sql`select
          (select count(*)::int from shops where account_id = ${account.id} and status = 'bound') as shops,
          (select count(*)::int from orders where account_id = ${account.id}) as orders,
          (select balance_cents from salespeople where account_id = ${account.id} and removed_at is null) as balance,
          (select coalesce(sum(amount_cents), 0) from withdrawals where account_id = ${account.id} and status = 'pending') as held,
          (select coalesce(sum(amount_cents), 0) from ledger_entries
           where account_id = ${account.id} and kind in ('commission', 'refund') and created_at >= ${monthStart}) as month`,
  );
  const isSale = row?.balance !== null && row?.balance !== undefined;
  return {
    membership: account.membership,
    shopCount: Number(row?.shops ?? 0),
    orderCount: Number(row?.orders ?? 0),
    sale: isSale
      ? { balanceCents: Number(row!.balance), heldCents: Number(row!.held), monthCommissionCents: Number(row!.month) }
      : null,
  };
});

export const profileCalls: CallDefinition[] = [get, updateEmail, changePassword, sessions, revokeSession, summary];
