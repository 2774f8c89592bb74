/**
 * 新设备登录 (ASVS 6.3.5 in spirit): a successful sign-in of an account holding a role that needs
 * 两步验证 (roles.requires_second_factor) from a client network and browser the account has not
 * signed in from before notifies the account (`account.newDevice`, its item offers 不是我) and
 * records a `newDevice` security event. "Before" is the login log (auth_attempts, kept
 * 登录日志保留天数: it keeps the network and the user agent; sessions keep neither the network nor
 * long after they end); the first sign-in of an account is not new. The demo's accounts, exempt from
 * the second factor, get the notice too: it is harmless, and their roles are what it reads.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryOne } from '../db/query';
import { accountRoles, authAttempts, roles } from '../db/schema';
import { clientNetwork } from '../clientNetwork';
import { announce } from '../notification/announce';
import { recordSecurityEvent, type EventLog } from './record';

export interface SignIn {
  accountId: number;
  username: string;
  ip: string;
  /** As the login log keeps it (loggedUserAgent). */
  userAgent: string | null;
}

/**
 * Whether the sign-in is new for a guarded account. Read before the sign-in's own attempt is
 * settled as a success, so that it does not count itself.
 */
export async function isNewDevice(db: Db, signIn: SignIn): Promise<boolean> {
  // Sign-ins: with the password (its second step included) or with a passkey alone.
  const earlier = and(
    eq(authAttempts.accountId, signIn.accountId),
    inArray(authAttempts.kind, ['login', 'passkey']),
    eq(authAttempts.success, true),
  );
  const one = { one: sql`1` };
  const guarded = db
    .select(one)
    .from(accountRoles)
    .innerJoin(roles, eq(roles.id, accountRoles.roleId))
    .where(and(eq(accountRoles.accountId, signIn.accountId), eq(roles.requiresSecondFactor, true)));
  const before = db.select(one).from(authAttempts).where(earlier);
  const known = db
    .select(one)
    .from(authAttempts)
    .where(
      and(
        earlier,
        eq(authAttempts.network, clientNetwork(signIn.ip)),
        sql`${authAttempts.userAgent} is not distinct from ${signIn.userAgent}`,
      ),
    );
  const row = await queryOne<{ guarded: boolean; before: boolean; known: boolean }>(
    db,
    sql`select exists (${guarded}) as guarded, exists (${before}) as before, exists (${known}) as known`,
  );
  return Boolean(row?.guarded && row.before && !row.known);
}

/** The notice to the account and the security event of a new sign-in (`record`: its login attempt's id). */
export async function noticeNewDevice(db: Db, signIn: SignIn, record: number, log: EventLog): Promise<void> {
  const at = new Date().toISOString();
  try {
    await announce(db, {
      kind: 'account.newDevice',
      record,
      recipientId: signIn.accountId,
      actorId: null,
      data: { at, ip: signIn.ip, userAgent: signIn.userAgent },
    });
  } catch (error) {
    // The sign-in stands: its notice is not worth refusing it.
    log.warn({ err: error }, 'new-device notice not written');
  }
  await recordSecurityEvent(
    db,
    {
      kind: 'newDevice',
      accountId: signIn.accountId,
      username: signIn.username,
      path: 'account/login',
      ip: signIn.ip,
      userAgent: signIn.userAgent,
    },
    log,
  );
}
