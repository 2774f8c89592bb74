/**
 * Staged rollout of a script version (contract/rollout.ts, docs/plugin-scripts.md). An approval with
 * a cohort makes the new version live and records a canary: every account outside the cohort is
 * still served the version it had (`stable_version`) until staff promote it, or a rollback (staff's
 * or the server's own, when the canary's runs fail too often) makes the stable version live again
 * and leaves the new one pending review.
 *
 * Lock order, as every script change: the script set's advisory lock, the script's row, then its
 * rollout's row. The automatic rollback takes them in that order after a run ends; the rollout row's
 * status, read under its lock, lets one instance of two decide.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { RolloutCohort, ScriptDetail, ScriptRolloutEndBody } from '#contract/api/script';
import { CODES } from '#contract/codes';
import { scriptRecordKey } from '#contract/notifications';
import { canaryFailing, ROLLOUT_ROLLBACK, rolloutBlocker } from '#contract/rollout';
import { ROLLOUT_BLOCKER_TEXT, ROLLOUT_EMPTY_TEXT } from '#contract/text/rollout';
import { ADVISORY_LOCKS } from '../db/advisoryLocks';
import type { Db, Executor } from '../db/client';
import { queryOne } from '../db/query';
import { accounts, scriptRollouts, scripts } from '../db/schema';
import { announce } from '../notification/announce';
import { badParameter, Refusal } from '../refusal';
import { auditFor, type AuditWriter } from '../audit';
import type { CallContext } from '../context';
import type { RanScript } from './healthAlert';
import { scriptDetail } from './scripts';
import { SCRIPT_MESSAGES } from './messages';

/** The approval that starts a rollout: what the plug-in received before it and what it will now. */
export interface RolloutStart {
  scriptId: number;
  /** The live side before the approval. */
  live: { name: string | null; enabled: boolean; version: number | null };
  /** The draft the approval makes live. */
  draft: { name: string; enabled: boolean; version: number };
  authors: number[];
  cohort: RolloutCohort;
  actorId: number;
}

/**
 * Inside an approval, after its lock on the script: refuses an approval while a canary runs, and
 * records a new canary when the approval asks for one (and the change allows one, rolloutBlocker).
 */
export async function startRolloutIfAsked(tx: Executor, start: Omit<RolloutStart, 'cohort'> & { cohort?: RolloutCohort }) {
  const [running] = await tx
    .select({ id: scriptRollouts.id })
    .from(scriptRollouts)
    .where(and(eq(scriptRollouts.scriptId, start.scriptId), eq(scriptRollouts.status, 'canary')))
    .for('update');
  if (running) throw new Refusal(CODES.BAD_PARAMETERS, SCRIPT_MESSAGES.rolloutRunning);
  const { cohort } = start;
  if (!cohort) return;
  const blocker = rolloutBlocker(start.live, start.draft);
  if (blocker) throw new Refusal(CODES.BAD_PARAMETERS, ROLLOUT_BLOCKER_TEXT[blocker]);
  const usernames = cohort.usernames.map((name) => name.trim());
  const found = usernames.length
    ? await tx.select({ id: accounts.id, username: accounts.username }).from(accounts).where(inArray(accounts.username, usernames))
    : [];
  const missing = usernames.filter((name) => !found.some((row) => row.username === name));
  if (missing.length) throw new Refusal(CODES.BAD_PARAMETERS, SCRIPT_MESSAGES.rolloutUnknownAccounts(missing));
  if (found.length === 0 && cohort.percent === 0) throw new Refusal(CODES.BAD_PARAMETERS, ROLLOUT_EMPTY_TEXT);
  await tx.insert(scriptRollouts).values({
    scriptId: start.scriptId,
    version: start.draft.version,
    stableVersion: start.live.version!,
    accountIds: found.map((row) => row.id),
    percent: cohort.percent,
    authors: start.authors,
    startedBy: start.actorId,
  });
}

/** The script's running canary, its script row locked first (the lock order above); A0400 when there is none. */
async function lockCanary(tx: Executor, scriptId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.scriptSet}, 0)`);
  const [script] = await tx
    .select({ id: scripts.id, name: scripts.name, kind: scripts.kind, pendingAuthors: scripts.pendingAuthors })
    .from(scripts)
    .where(eq(scripts.id, scriptId))
    .for('update');
  if (!script) throw badParameter('id', SCRIPT_MESSAGES.missing);
  const [rollout] = await tx
    .select()
    .from(scriptRollouts)
    .where(and(eq(scriptRollouts.scriptId, scriptId), eq(scriptRollouts.status, 'canary')))
    .for('update');
  return rollout ? { script, rollout } : null;
}

type Canary = NonNullable<Awaited<ReturnType<typeof lockCanary>>>;

const rolloutSide = ({ rollout }: Canary) => ({
  version: rollout.version,
  stableVersion: rollout.stableVersion,
  accountIds: rollout.accountIds,
  percent: rollout.percent,
});

/**
 * Ends `canary` as rolled back: the stable version is live again and the canary's version is the
 * pending change of its authors (beside those of an edit saved since, whose change is pending too).
 * `actor` null: the server decided, on `runs` and `failed`.
 */
async function rollBack(
  tx: Executor,
  canary: Canary,
  actor: { id: number; username: string } | null,
  audit: AuditWriter,
  counts: { runs: number; failed: number },
) {
  const { script, rollout } = canary;
  await tx
    .update(scriptRollouts)
    .set({ status: 'rolledBack', endedBy: actor?.id ?? null, endedAt: sql`now()` })
    .where(eq(scriptRollouts.id, rollout.id));
  await tx
    .update(scripts)
    .set({
      liveVersion: rollout.stableVersion,
      pendingAuthors: [...new Set([...script.pendingAuthors, ...rollout.authors])],
      revision: sql`${scripts.revision} + 1`,
    })
    .where(eq(scripts.id, script.id));
  await audit(tx, {
    action: 'script.rollback',
    targetType: 'script',
    targetId: script.id,
    before: rolloutSide(canary),
    after: { liveVersion: rollout.stableVersion, automatic: actor === null, ...counts },
  });
  await announce(tx, {
    kind: 'script.rolledBack',
    record: scriptRecordKey({ kind: script.kind, id: script.id }),
    data: {
      name: script.name,
      version: rollout.version,
      stableVersion: rollout.stableVersion,
      username: actor?.username ?? null,
      ...counts,
    },
    actorId: actor?.id ?? null,
  });
}

/**
 * A version's ended runs (stopped ones not counted) and how many failed at one of the script's steps.
 * The two statements below stay raw, as the health statements (./health.ts, ./healthAlert.ts): each
 * is an aggregate over the runs whose `scripts` JSON holds the version.
 */
interface RunCounts {
  runs: number;
  failed: number;
}

/** The canary's runs since it started. */
const canaryRuns = (tx: Executor, scriptId: number, version: number, since: Date) =>
  queryOne<RunCounts>(
    tx,
    sql`select count(*)::int as runs,
               count(*) filter (where r.failed_step_index is not null and r.failed_script_id = ${scriptId})::int as failed
        from plugin_runs r
        where r.scripts @> ${JSON.stringify([{ scriptId, version }])}::jsonb
          and r.status not in ('running', 'stopped') and r.started_at >= ${since.toISOString()}::timestamptz`,
  );

/** The stable version's last runs (ROLLOUT_ROLLBACK.stableWindow). */
const stableRuns = (tx: Executor, scriptId: number, version: number) =>
  queryOne<RunCounts>(
    tx,
    sql`select count(*)::int as runs,
               count(*) filter (where recent.failed_step_index is not null and recent.failed_script_id = ${scriptId})::int as failed
        from (select r.failed_step_index, r.failed_script_id from plugin_runs r
              where r.scripts @> ${JSON.stringify([{ scriptId, version }])}::jsonb and r.status not in ('running', 'stopped')
              order by r.ended_at desc nulls last, r.id desc
              limit ${ROLLOUT_ROLLBACK.stableWindow}) recent`,
  );

/** The server's own audit entries (no actor, no address). */
const systemAudit = auditFor(null, null);

/**
 * After a run ended failed at a step: each script it ran at a canary version is rolled back when its
 * runs fail too often beside the stable version's (contract/rollout.ts canaryFailing). Under the
 * rollout's row lock, so two instances finishing runs of it at once roll it back once.
 */
export async function rollBackFailingCanaries(db: Db, ran: readonly RanScript[]): Promise<number[]> {
  const rolledBack: number[] = [];
  for (const entry of ran) {
    const [candidate] = await db
      .select({ id: scriptRollouts.id })
      .from(scriptRollouts)
      .where(
        and(eq(scriptRollouts.scriptId, entry.scriptId), eq(scriptRollouts.version, entry.version), eq(scriptRollouts.status, 'canary')),
      );
    if (!candidate) continue;
    await db.transaction(async (tx) => {
      const canary = await lockCanary(tx, entry.scriptId);
      if (!canary || canary.rollout.id !== candidate.id) return;
      const { rollout } = canary;
      const canaryCounts = (await canaryRuns(tx, entry.scriptId, rollout.version, rollout.startedAt)) ?? { runs: 0, failed: 0 };
      const stableCounts = (await stableRuns(tx, entry.scriptId, rollout.stableVersion)) ?? { runs: 0, failed: 0 };
      if (!canaryFailing(canaryCounts, stableCounts)) return;
      await rollBack(tx, canary, null, systemAudit, canaryCounts);
      rolledBack.push(entry.scriptId);
    });
  }
  return rolledBack;
}

/** `script/rollback`: staff roll the canary back (A0400 without one). */
export async function rollbackScript({ db, account, audit }: CallContext, { id }: ScriptRolloutEndBody): Promise<ScriptDetail> {
  await db.transaction(async (tx) => {
    const canary = await lockCanary(tx, id);
    if (!canary) throw new Refusal(CODES.BAD_PARAMETERS, SCRIPT_MESSAGES.noRollout);
    const counts = (await canaryRuns(tx, id, canary.rollout.version, canary.rollout.startedAt)) ?? { runs: 0, failed: 0 };
    await rollBack(tx, canary, account, audit, counts);
  });
  return scriptDetail(db, id);
}

/** `script/promote`: every account gets the canary's version (A0400 without one). */
export async function promoteScript({ db, account, audit }: CallContext, { id }: ScriptRolloutEndBody): Promise<ScriptDetail> {
  await db.transaction(async (tx) => {
    const canary = await lockCanary(tx, id);
    if (!canary) throw new Refusal(CODES.BAD_PARAMETERS, SCRIPT_MESSAGES.noRollout);
    const { script, rollout } = canary;
    await tx
      .update(scriptRollouts)
      .set({ status: 'promoted', endedBy: account.id, endedAt: sql`now()` })
      .where(eq(scriptRollouts.id, rollout.id));
    await tx
      .update(scripts)
      .set({ revision: sql`${scripts.revision} + 1` })
      .where(eq(scripts.id, id));
    await audit(tx, {
      action: 'script.promote',
      targetType: 'script',
      targetId: id,
      before: rolloutSide(canary),
      after: { version: rollout.version },
    });
    await announce(tx, {
      kind: 'script.promoted',
      record: scriptRecordKey({ kind: script.kind, id }),
      data: { name: script.name, version: rollout.version, username: account.username },
      actorId: account.id,
    });
  });
  return scriptDetail(db, id);
}
