/**
 * The sessions behind open streams, checked together: a stream lives only while its session does
 * (not revoked, not expired, not idle, its account enabled), and follows its account's roles.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { accountRoles, accounts, rbacState, sessions } from '../db/schema';
import { liveSessionCondition } from '../auth/sessions';

export interface LiveSession {
  sessionId: number;
  accountId: number;
  roleIds: number[];
  /** `rbac_state.version` read in the same statement. */
  rbacVersion: number;
}

/** The live ones among `sessionIds` (one statement for any number of them). */
export async function liveSessions(db: Executor, sessionIds: readonly number[], idleSeconds: number): Promise<Map<number, LiveSession>> {
  if (sessionIds.length === 0) return new Map();
  const rows = await db
    .select({
      sessionId: sessions.id,
      accountId: accounts.id,
      roleIds: sql<number[] | null>`array(select ${accountRoles.roleId} from ${accountRoles}
                                          where ${accountRoles.accountId} = ${accounts.id} order by ${accountRoles.roleId})`,
      version: sql<number>`(select ${rbacState.version} from ${rbacState} where ${rbacState.id} = 1)`.mapWith(Number),
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(and(inArray(sessions.id, [...sessionIds]), eq(accounts.status, 'enabled'), liveSessionCondition(idleSeconds)));
  return new Map(
    rows.map((row) => [
      row.sessionId,
      {
        sessionId: row.sessionId,
        accountId: row.accountId,
        roleIds: (row.roleIds ?? []).map(Number),
        rbacVersion: row.version ?? 0,
      },
    ]),
  );
}
