/**
 * The bell of script editors when a script version starts failing (issue 30): after a run ends, each
 * action script it ran is looked at over its version's last runs (SCRIPT_FAILURE_ALERT). A version
 * is announced once: the check and the announcement hold the script's advisory lock, so two
 * instances finishing runs of it at once announce it once.
 */
import { and, eq, sql } from 'drizzle-orm';
import { scriptRecordKey } from '#contract/notifications';
import { SCRIPT_FAILURE_ALERT } from '#contract/runs';
import { ADVISORY_LOCKS } from '../db/advisoryLocks';
import type { Db, Executor } from '../db/client';
import { queryOne, queryRows } from '../db/query';
import { notifications, scripts } from '../db/schema';
import { announce } from '../notification/announce';
import { SCRIPT_MESSAGES } from './messages';

export interface RanScript {
  scriptId: number;
  version: number;
}

interface RecentRuns {
  runs: number;
  failed: number;
}

/**
 * The last ended (not stopped) runs of a script version, and how many of them failed at a step: a
 * run that ended failed without one (abandoned, every product refused by the page) is not the
 * script's doing. Raw, as the health statements (./health.ts): an aggregate over the runs whose
 * `scripts` JSON holds the version.
 */
const recentRuns = (tx: Executor, { scriptId, version }: RanScript) =>
  queryOne<RecentRuns>(
    tx,
    sql`select count(*)::int as runs,
               count(*) filter (where recent.failed_step_index is not null)::int as failed
        from (select r.status, r.failed_step_index from plugin_runs r
              where r.scripts @> ${JSON.stringify([{ scriptId, version }])}::jsonb and r.status not in ('running', 'stopped')
              order by r.ended_at desc nulls last, r.id desc
              limit ${SCRIPT_FAILURE_ALERT.window}) recent`,
  );

/** The step most of the version's failed runs failed at, as the run ledger words it (raw: picked by the runs' `scripts` JSON, as above). */
async function commonStep(tx: Executor, { scriptId, version }: RanScript): Promise<string | null> {
  const [step] = await queryRows<{ index: number; name: string | null }>(
    tx,
    sql`select r.failed_step_index as index, r.failed_step_name as name
        from plugin_runs r
        where r.failed_script_id = ${scriptId} and r.failed_step_index is not null
          and r.scripts @> ${JSON.stringify([{ scriptId, version }])}::jsonb
        group by 1, 2 order by count(*) desc, max(r.ended_at) desc limit 1`,
  );
  return step ? SCRIPT_MESSAGES.failingStep(step.index, step.name) : null;
}

/** Announces the action scripts among `ran` whose version now fails too often, each version once. */
export async function announceFailingScripts(db: Db, ran: readonly RanScript[]): Promise<void> {
  for (const entry of ran) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.scriptHealthAlert}, ${entry.scriptId})`);
      const [script] = await tx.select({ name: scripts.name, kind: scripts.kind }).from(scripts).where(eq(scripts.id, entry.scriptId));
      if (script?.kind !== 'action') return;
      const recordKey = scriptRecordKey({ kind: 'action', id: entry.scriptId });
      const [announced] = await tx
        .select({ id: notifications.id })
        .from(notifications)
        .where(
          and(
            eq(notifications.kind, 'script.failing'),
            eq(notifications.recordKey, recordKey),
            sql`(${notifications.data}->>'version')::int = ${entry.version}`,
          ),
        )
        .limit(1);
      if (announced) return;
      const recent = await recentRuns(tx, entry);
      if (!recent || recent.runs < SCRIPT_FAILURE_ALERT.minRuns || recent.failed < recent.runs * SCRIPT_FAILURE_ALERT.failureRate) return;
      await announce(tx, {
        kind: 'script.failing',
        record: recordKey,
        data: { name: script.name, version: entry.version, runs: recent.runs, failed: recent.failed, step: await commonStep(tx, entry) },
        actorId: null,
      });
    });
  }
}
