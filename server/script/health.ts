/**
 * Script health (issue 30): what the plug-in's run reports say of each script version. A run counts
 * for every script it ran (a link and its action, at their versions, `plugin_runs.scripts`); its
 * failing step counts for the action script it names (`failed_script_id`). Only ended runs count.
 */
import { sql } from 'drizzle-orm';
import type { IdBody } from '#contract/api/common';
import type { ScriptHealth, ScriptHealthOverviewQuery, ScriptHealthSummary, ScriptStepHealth } from '#contract/api/script';
import type { CallContext } from '../context';
import type { Executor } from '../db/client';
import { queryRows, toIso, type DriverValue } from '../db/query';

// The two shapes below are aggregates over a run's `scripts` JSON (a lateral join): no table has
// them, so they are written out rather than derived from the schema.
interface VersionCounts {
  scriptId: number;
  version: number;
  runs: number;
  succeeded: number;
  partlyFailed: number;
  failed: number;
  stopped: number;
  lastRunAt: DriverValue;
}

/** The ended runs of each (script, version) in `scope` (a condition on `ran`: the run's script entries). */
const countsOf = (db: Executor, scope: ReturnType<typeof sql>) =>
  queryRows<VersionCounts>(
    db,
    sql`select (ran.entry->>'scriptId')::int as "scriptId", (ran.entry->>'version')::int as version,
               count(*)::int as runs,
               count(*) filter (where r.status = 'succeeded')::int as succeeded,
               count(*) filter (where r.status = 'partlyFailed')::int as "partlyFailed",
               count(*) filter (where r.status = 'failed')::int as failed,
               count(*) filter (where r.status = 'stopped')::int as stopped,
               max(r.ended_at) as "lastRunAt"
        from plugin_runs r cross join lateral jsonb_array_elements(r.scripts) as ran(entry)
        where r.status <> 'running' and ${scope}
        group by 1, 2`,
  );

interface FailingStepCounts {
  scriptId: number;
  version: number;
  index: number;
  name: string;
  failures: number;
  firstSeen: DriverValue;
  lastSeen: DriverValue;
}

const failingStepsOf = (db: Executor, scope: ReturnType<typeof sql>) =>
  queryRows<FailingStepCounts>(
    db,
    sql`select r.failed_script_id as "scriptId", (ran.entry->>'version')::int as version,
               r.failed_step_index as index, coalesce(r.failed_step_name, '') as name, count(*)::int as failures,
               min(coalesce(r.ended_at, r.started_at)) as "firstSeen", max(coalesce(r.ended_at, r.started_at)) as "lastSeen"
        from plugin_runs r cross join lateral jsonb_array_elements(r.scripts) as ran(entry)
        where r.status <> 'running' and r.failed_step_index is not null
          and (ran.entry->>'scriptId')::int = r.failed_script_id and ${scope}
        group by 1, 2, 3, 4
        order by "lastSeen" desc`,
  );

/** Of the runs that ended other than stopped, the share that succeeded; null without one. */
function successRate({ runs, stopped, succeeded }: VersionCounts): number | null {
  const ended = runs - stopped;
  return ended > 0 ? Math.round((succeeded / ended) * 10_000) / 10_000 : null;
}

const summary = (counts: VersionCounts) => ({
  version: counts.version,
  runs: counts.runs,
  succeeded: counts.succeeded,
  partlyFailed: counts.partlyFailed,
  failed: counts.failed,
  stopped: counts.stopped,
  successRate: successRate(counts),
  lastRunAt: toIso(counts.lastRunAt),
});

const stepOf = (row: FailingStepCounts): ScriptStepHealth => ({
  index: row.index,
  name: row.name,
  failures: row.failures,
  firstSeen: toIso(row.firstSeen)!,
  lastSeen: toIso(row.lastSeen)!,
});

/** `script/health`: every version of one script that ran, newest first, with its failing steps. */
export async function scriptHealth({ db }: CallContext, { id }: IdBody): Promise<ScriptHealth> {
  // The containment test lets PostgreSQL skip the runs of other scripts before expanding the array.
  const ranIt = sql`r.scripts @> ${JSON.stringify([{ scriptId: id }])}::jsonb and (ran.entry->>'scriptId')::int = ${id}`;
  const [counts, steps] = await Promise.all([countsOf(db, ranIt), failingStepsOf(db, ranIt)]);
  return {
    scriptId: id,
    versions: counts
      .sort((a, b) => b.version - a.version)
      .map((version) => ({
        ...summary(version),
        steps: steps.filter((step) => step.version === version.version).map(stepOf),
      })),
  };
}

/**
 * `script/healthOverview`: the version each script of a kind serves the plug-in (its approved,
 * live version), with its health; scripts whose live version has no ended run are left out.
 */
export async function scriptHealthOverview({ db }: CallContext, { kind }: ScriptHealthOverviewQuery): Promise<ScriptHealthSummary[]> {
  const live = sql`exists (select 1 from scripts s where s.kind = ${kind} and s.id = (ran.entry->>'scriptId')::int
                                                  and s.live_version = (ran.entry->>'version')::int)`;
  const [counts, steps] = await Promise.all([countsOf(db, live), failingStepsOf(db, live)]);
  return counts
    .sort((a, b) => a.scriptId - b.scriptId)
    .map((version) => ({
      scriptId: version.scriptId,
      ...summary(version),
      failingSteps: steps.filter((step) => step.scriptId === version.scriptId && step.version === version.version).length,
    }));
}
