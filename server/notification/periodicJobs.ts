/**
 * The notifications no request makes: a membership that ends within MEMBERSHIP_NOTICE_DAYS
 * (会员即将到期) and one that has ended (会员已到期), and the housekeeping (old items, unused stream
 * tickets). Every instance runs it on its own timer: each notice has a unique key (account and
 * expiry instant), inserted with ON CONFLICT DO NOTHING, so instances running at once, or a run
 * repeated, write each notice once. A renewal moves the expiry, so the new expiry gets its own notices.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { MEMBERSHIP_NOTICE_DAYS, NOTIFICATION_KINDS } from '#contract/notifications';
import type { Db, Executor } from '../db/client';
import { queryOne, queryRows } from '../db/query';
import { readParameter } from '../parameter/parameters';
import { startJob, untimed, type JobTimer } from '../periodic';
import { NOTIFY_CHANNEL } from './signals';
import { pruneStreamTickets } from './streamTickets';

export const NOTIFICATION_JOB_INTERVAL_MS = 10 * 60 * 1000;

export interface MembershipNotices {
  expiring: number;
  expired: number;
}

/** Writes the membership notices due now (once each); their signals go out on commit. */
export async function announceMembershipNotices(db: Db): Promise<MembershipNotices> {
  const recordType = NOTIFICATION_KINDS['membership.expiring'].record;
  const rows = await db.transaction((tx) =>
    queryRows<{ kind: 'membership.expiring' | 'membership.expired' }>(
      tx,
      sql`with due as (
            select a.id, ml.name as level_name, a.membership_expires_at as expires_at,
                   case when a.membership_expires_at > now() then 'membership.expiring' else 'membership.expired' end as kind
            from accounts a join membership_levels ml on ml.id = a.membership_level_id
            where a.status = 'enabled'
              and a.membership_expires_at > now() - make_interval(days => ${MEMBERSHIP_NOTICE_DAYS})
              and a.membership_expires_at <= now() + make_interval(days => ${MEMBERSHIP_NOTICE_DAYS})
          ), inserted as (
            insert into notifications (kind, recipient_id, record_type, record_key, data, dedupe_key)
            select kind, id, ${recordType}, id::text,
                   jsonb_build_object('levelName', level_name,
                                      'expiresAt', to_char(expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
                   kind || ':' || floor(extract(epoch from expires_at) * 1000)::bigint
            from due
            on conflict (recipient_id, dedupe_key) where dedupe_key is not null do nothing
            returning id, recipient_id, kind
          )
          select kind, pg_notify(${NOTIFY_CHANNEL}, json_build_object('id', id, 'r', recipient_id)::text) from inserted`,
    ),
  );
  return {
    expiring: rows.filter((row) => row.kind === 'membership.expiring').length,
    expired: rows.filter((row) => row.kind === 'membership.expired').length,
  };
}

/** Deletes items older than 通知保留天数 (系统参数; their read state goes with them). */
export async function pruneNotifications(db: Executor): Promise<number> {
  const row = await queryOne<{ n: number }>(
    db,
    sql`with deleted as (delete from notifications
                         where created_at < now() - make_interval(days => ${await readParameter(db, 'notificationRetentionDays')}) returning 1)
        select count(*)::int as n from deleted`,
  );
  return Number(row?.n ?? 0);
}

/** One round: the notices, then the housekeeping. */
export async function runNotificationJobs(db: Db) {
  const notices = await announceMembershipNotices(db);
  const prunedItems = await pruneNotifications(db);
  const prunedTickets = await pruneStreamTickets(db);
  return { ...notices, prunedItems, prunedTickets };
}

/** Runs the round every `intervalMs` (server/periodic.ts); `stop` clears the timer and waits for a round in progress. */
export function startNotificationJobs(
  db: Db,
  log: FastifyBaseLogger,
  intervalMs = NOTIFICATION_JOB_INTERVAL_MS,
  time: JobTimer = untimed,
): { stop(): Promise<void> } {
  return startJob('notifications', intervalMs, () => runNotificationJobs(db), log, time);
}
