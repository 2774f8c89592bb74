/**
 * Housekeeping of the plug-in's runs, every 10 minutes by one instance at a time (a tried advisory
 * lock, like server/auth/maintenance.ts): a run the plug-in stopped reporting into (the browser or
 * the plug-in closed before `run/finish`) ends as failed, and runs older than the retention go with
 * their items and batches.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ADVISORY_LOCKS } from '../db/advisoryLocks';
import type { Db } from '../db/client';
import { queryOne } from '../db/query';
import { readParameter } from '../parameter/parameters';
import { startJob, untimed, type JobTimer } from '../periodic';
import { RUN_MESSAGES } from './messages';
import { RUN_ABANDONED_MINUTES } from '#contract/runs';

export const RUN_HOUSEKEEPING_INTERVAL_MS = 10 * 60 * 1000;

export interface RunHousekeeping {
  abandoned: number;
  pruned: number;
}

/** One round; null when another instance is doing it. */
export async function keepRuns(db: Db): Promise<RunHousekeeping | null> {
  return db.transaction(async (tx) => {
    const lock = await queryOne<{ got: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${ADVISORY_LOCKS.runHousekeeping}) as got`);
    if (!lock?.got) return null;
    const quiet = sql`now() - make_interval(mins => ${RUN_ABANDONED_MINUTES})`;
    // An abandoned run ends as `statusOf(run, 'failed')` would (server/run/runs.ts): partly failed when it joined some ids.
    const abandoned = await queryOne<{ n: number }>(
      tx,
      sql`with ended as (
            update plugin_runs r set status = case when r.joined + r.already_joined > 0 then 'partlyFailed' else 'failed' end,
                                     ended_at = now(), failed_message = ${RUN_MESSAGES.abandoned}
            where r.status = 'running' and r.started_at < ${quiet}
              and not exists (select 1 from plugin_run_batches b where b.run_id = r.id and b.received_at >= ${quiet})
            returning 1
          ) select count(*)::int as n from ended`,
    );
    const pruned = await queryOne<{ n: number }>(
      tx,
      sql`with deleted as (
            delete from plugin_runs where started_at < now() - make_interval(days => ${await readParameter(tx, 'runRetentionDays')}) returning 1
          ) select count(*)::int as n from deleted`,
    );
    return { abandoned: Number(abandoned?.n ?? 0), pruned: Number(pruned?.n ?? 0) };
  });
}

/** Runs the round every `intervalMs` (server/periodic.ts); `stop` clears the timer and waits for a round in progress. */
export function startRunHousekeeping(
  db: Db,
  log: FastifyBaseLogger,
  intervalMs = RUN_HOUSEKEEPING_INTERVAL_MS,
  time: JobTimer = untimed,
): { stop(): Promise<void> } {
  return startJob('runs', intervalMs, () => keepRuns(db), log, time);
}
