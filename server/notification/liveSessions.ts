/**
 * The sessions behind open streams, checked together: a stream lives only while its session does
 * (not revoked, not expired, not idle, its account enabled), and follows its account's roles.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { queryRows } from '../db/query';
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
  const rows = await queryRows<{ sessionId: unknown; accountId: number; roleIds: number[] | null; version: unknown }>(
    db,
    sql`select s.id as "sessionId", a.id as "accountId",
          array(select ar.role_id from account_roles ar where ar.account_id = a.id order by ar.role_id) as "roleIds",
          (select version from rbac_state where id = 1) as version
        from sessions s join accounts a on a.id = s.account_id
        where s.id in (${sql.join(
          sessionIds.map((id) => sql`${id}`),
          sql`, `,
        )})
          and a.status = 'enabled' and ${liveSessionCondition(idleSeconds)}`,
  );
  return new Map(
    rows.map((row) => [
      Number(row.sessionId),
      {
        sessionId: Number(row.sessionId),
        accountId: row.accountId,
        roleIds: (row.roleIds ?? []).map(Number),
        rbacVersion: Number(row.version ?? 0),
      },
    ]),
  );
}
