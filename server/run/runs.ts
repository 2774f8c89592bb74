/**
 * The plug-in's runs (运行记录, contract/api/run.ts). The console starts a run with the session
 * (`run/start`) and hands its id to the plug-in, which reports into it with its plug-in token: the
 * scripts it chose and, for a join, each product id's outcome, in numbered batches (`run/report`),
 * then how it ended (`run/finish`). Only the run's own account may report into it.
 *
 * Locks: a report or a finish takes the run row first (`for update`), then writes its batch, items
 * and counts; two reports of one run from two instances queue on that row, and a batch sent again
 * finds its number taken and changes nothing. A stop or a new join ends the account's running join
 * (one update of its rows; a report waiting on one of them then finds it ended). An item moves from `pending` once (the first report
 * wins), so the run's counts move with it and never count an item twice.
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { CODES } from '#contract/codes';
import type {
  RunDetail,
  RunFinishBody,
  RunIdBody,
  RunItem,
  RunReportBody,
  RunReported,
  RunStartBody,
  RunStarted,
  RunSummary,
} from '#contract/api/run';
import { RUN_SCRIPTS_MAX, type ReportedItemOutcome, type RunEnding, type RunStatus } from '#contract/runs';
import type { CallContext } from '../context';
import { ADVISORY_LOCKS } from '../db/advisoryLocks';
import type { Executor } from '../db/client';
import { queryRows, toIso } from '../db/query';
import { accounts, pluginRunBatches, pluginRunItems, pluginRuns, scripts as scriptTable } from '../db/schema';
import { badParameter, Refusal } from '../refusal';
import { seesAllRuns, withinCallersGrants } from './access';
import { RUN_MESSAGES } from './messages';
import { pacingOf, pauseOf } from '../plugin/controls';
import { PLUGIN_MESSAGES } from '../plugin/messages';
import { announceFailingScripts } from '../script/healthAlert';
import { rollBackFailingCanaries } from '../script/rollout';

type RunRow = typeof pluginRuns.$inferSelect;

export function toSummary(row: RunRow): RunSummary {
  return {
    id: row.id,
    flow: row.flow,
    platform: row.platform,
    status: row.status,
    scripts: row.scripts,
    itemCount: row.itemCount,
    joined: row.joined,
    alreadyJoined: row.alreadyJoined,
    failed: row.failed,
    failedStep:
      row.failedMessage === null
        ? null
        : { index: row.failedStepIndex, name: row.failedStepName, message: row.failedMessage, scriptId: row.failedScriptId },
    startedAt: row.startedAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
  };
}

/**
 * `run/start`: a run of the caller's for the flow the console is about to hand the plug-in. A bind
 * or a join needs a membership, a join its product ids within the membership's quota.
 */
export async function startRun({ db, account, config }: CallContext, body: RunStartBody): Promise<RunStarted> {
  const ids = body.productIds ?? [];
  if (body.flow === 'join' && ids.length === 0) throw badParameter('productIds', RUN_MESSAGES.productIdsRequired);
  if (body.flow !== 'join' && ids.length > 0) throw badParameter('productIds', RUN_MESSAGES.productIdsNotForFlow);
  const membership = account.membership;
  if (body.flow !== 'stop' && !membership) throw new Refusal(CODES.NOT_AUTHORISED, RUN_MESSAGES.noMembership);
  if (membership && ids.length > membership.productQuota) {
    throw badParameter('productIds', RUN_MESSAGES.quotaExceeded(membership.productQuota, ids.length));
  }
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.runStart}, ${account.id})`);
    if (body.flow !== 'stop') {
      const pause = await pauseOf(tx, body.flow, body.platform);
      if (pause) throw new Refusal(CODES.BAD_PARAMETERS, PLUGIN_MESSAGES.paused(body.flow, pause.reason), { field: 'flow' });
    }
    // The creator tab runs one join at a time: a stop ends the running one, and so does a new join,
    // which the tab starts in its place. Its reports after that are refused (RUN_MESSAGES.finished).
    if (body.flow !== 'bind') {
      await tx
        .update(pluginRuns)
        .set({ status: 'stopped', endedAt: sql`now()` })
        .where(and(eq(pluginRuns.accountId, account.id), eq(pluginRuns.flow, 'join'), eq(pluginRuns.status, 'running')));
    }
    if (body.flow === 'join') {
      const { dailyCap } = await pacingOf(tx, body.platform);
      const used = await productsToday(tx, account.id, body.platform, config.businessTimeZone);
      if (used + ids.length > dailyCap) {
        throw new Refusal(CODES.BAD_PARAMETERS, PLUGIN_MESSAGES.dailyCapReached(dailyCap, used, ids.length), { field: 'productIds' });
      }
    }
    const [run] = await tx
      .insert(pluginRuns)
      .values({ accountId: account.id, flow: body.flow, platform: body.platform, itemCount: ids.length })
      .returning({ id: pluginRuns.id, startedAt: pluginRuns.startedAt });
    if (ids.length > 0) {
      // The ids are digits only (the contract's pattern): a JSON array parameter, unpacked in order.
      await tx.execute(
        sql`insert into plugin_run_items (run_id, position, product_id)
            select ${run.id}, ordinality, value from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) with ordinality`,
      );
    }
    return { runId: run.id, startedAt: run.startedAt.toISOString() };
  });
}

/**
 * The products `accountId`'s joins reported today (the business day) on `platform`, whatever their
 * outcome: the day's cap counts these. (A running join's items still to do never count against the
 * next join: starting it stops the running one, see `startRun`.)
 */
async function productsToday(tx: Executor, accountId: number, platform: string, timeZone: string): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(pluginRunItems)
    .innerJoin(pluginRuns, eq(pluginRuns.id, pluginRunItems.runId))
    .where(
      and(
        eq(pluginRuns.accountId, accountId),
        eq(pluginRuns.platform, platform),
        eq(pluginRuns.flow, 'join'),
        sql`${pluginRunItems.reportedAt} >= date_trunc('day', now(), ${timeZone})`,
      ),
    );
  return row?.count ?? 0;
}

/** The run `runId` of `accountId`, its row locked; another account's reads as missing. */
async function lockOwnRun(tx: Executor, runId: number, accountId: number): Promise<RunRow> {
  const [run] = await tx.select().from(pluginRuns).where(eq(pluginRuns.id, runId)).for('update');
  if (!run || run.accountId !== accountId) throw badParameter('runId', RUN_MESSAGES.notFound);
  return run;
}

/** Writes a batch's item outcomes (pending ones only) and answers how many moved to each outcome. */
async function recordItems(tx: Executor, run: RunRow, items: NonNullable<RunReportBody['items']>) {
  if (run.flow !== 'join') throw badParameter('items', RUN_MESSAGES.itemsNotForFlow);
  const seen = new Set<string>();
  for (const item of items) {
    if (seen.has(item.productId)) throw badParameter('items', RUN_MESSAGES.repeatedProduct(item.productId));
    seen.add(item.productId);
  }
  const reported = JSON.stringify(items.map((item) => ({ productId: item.productId, outcome: item.outcome, reason: item.reason ?? null })));
  const known = await queryRows<{ productId: string; moved: boolean; outcome: ReportedItemOutcome }>(
    tx,
    sql`with reported as (
          select * from jsonb_to_recordset(${reported}::jsonb) as r("productId" text, outcome text, reason text)
        ), moved as (
          update plugin_run_items i set outcome = r.outcome, reason = r.reason, reported_at = now()
          from reported r
          where i.run_id = ${run.id} and i.product_id = r."productId" and i.outcome = 'pending'
          returning i.product_id
        )
        select r."productId", r.outcome, (m.product_id is not null) as moved
        from reported r
        join plugin_run_items i on i.run_id = ${run.id} and i.product_id = r."productId"
        left join moved m on m.product_id = r."productId"`,
  );
  if (known.length < items.length) {
    const found = new Set(known.map((row) => row.productId));
    throw badParameter('items', RUN_MESSAGES.unknownProduct(items.find((item) => !found.has(item.productId))!.productId));
  }
  const moved: Record<ReportedItemOutcome, number> = { joined: 0, alreadyJoined: 0, failed: 0 };
  for (const row of known) if (row.moved) moved[row.outcome] += 1;
  return moved;
}

/**
 * `run/report`: a numbered batch of the plug-in's run — the scripts it chose, item outcomes. A
 * batch number the run already has changes nothing (`accepted: false`): the plug-in resends a batch
 * whose answer it lost.
 */
export async function reportRun({ db, account }: CallContext, body: RunReportBody): Promise<RunReported> {
  return db.transaction(async (tx) => {
    const run = await lockOwnRun(tx, body.runId, account.id);
    if (run.status !== 'running') throw new Refusal(CODES.BAD_PARAMETERS, RUN_MESSAGES.finished);
    const [fresh] = await tx
      .insert(pluginRunBatches)
      .values({ runId: run.id, batch: body.batch })
      .onConflictDoNothing()
      .returning({ batch: pluginRunBatches.batch });
    if (!fresh) return { accepted: false };
    const moved = body.items?.length ? await recordItems(tx, run, body.items) : null;
    // A flow may run over several pages (a bind's script that opens the next one): each page's scripts are added.
    const added = (body.scripts ?? []).filter(
      (script) => !run.scripts.some((known) => known.scriptId === script.scriptId && known.version === script.version),
    );
    const scripts = added.length ? [...run.scripts, ...added].slice(0, RUN_SCRIPTS_MAX) : undefined;
    if (moved || scripts) {
      await tx
        .update(pluginRuns)
        .set({
          ...(scripts ? { scripts } : {}),
          ...(moved
            ? {
                joined: sql`${pluginRuns.joined} + ${moved.joined}`,
                alreadyJoined: sql`${pluginRuns.alreadyJoined} + ${moved.alreadyJoined}`,
                failed: sql`${pluginRuns.failed} + ${moved.failed}`,
              }
            : {}),
        })
        .where(eq(pluginRuns.id, run.id));
    }
    return { accepted: true };
  });
}

/**
 * The status of a run that ended with `ending`: a stop is stopped; a join that joined (or found
 * joined) some ids but not all is partly failed, none of them failed; a bind or a stop is as it ended.
 * A join that succeeded without reporting any id handed the page the list whole (a script without a
 * product loop, a built-in adapter): it succeeded, its items stay 未逐项上报.
 */
function statusOf(run: Pick<RunRow, 'flow' | 'itemCount' | 'joined' | 'alreadyJoined' | 'failed'>, ending: RunEnding): RunStatus {
  if (ending === 'stopped') return 'stopped';
  if (run.flow !== 'join') return ending;
  const done = run.joined + run.alreadyJoined;
  if (ending === 'succeeded' && done + run.failed === 0) return 'succeeded';
  if (ending === 'succeeded' && done === run.itemCount) return 'succeeded';
  return done > 0 ? 'partlyFailed' : 'failed';
}

/** `run/finish`: how the run ended, and the step it failed at. */
export async function finishRun({ db, account, log }: CallContext, body: RunFinishBody): Promise<RunSummary> {
  const summary = await db.transaction(async (tx) => {
    const run = await lockOwnRun(tx, body.runId, account.id);
    if (run.status !== 'running') throw new Refusal(CODES.BAD_PARAMETERS, RUN_MESSAGES.finished);
    const step = body.failedStep;
    const [ended] = await tx
      .update(pluginRuns)
      .set({
        status: statusOf(run, body.ending),
        endedAt: sql`now()`,
        failedStepIndex: step?.index ?? null,
        failedStepName: step?.name ?? null,
        failedMessage: step?.message ?? null,
        failedScriptId: step?.scriptId ?? null,
      })
      .where(eq(pluginRuns.id, run.id))
      .returning();
    return toSummary(ended);
  });
  // A step failed: its scripts' versions may now fail too often (the bell of 脚本编辑), and a canary
  // among them may be rolled back. The run is recorded whatever those checks meet.
  if (summary.failedStep?.index) {
    await announceFailingScripts(db, summary.scripts).catch((error: unknown) => log.error({ err: error }, 'script failure notice'));
    await rollBackFailingCanaries(db, summary.scripts).catch((error: unknown) => log.error({ err: error }, 'canary rollback'));
  }
  return summary;
}

/**
 * `run/get`: one run with its items in the member's order and the names of its scripts: the
 * caller's own, or with 插件运行记录's grant any account's within the caller's grants; any other
 * reads as missing.
 */
export async function getRun(ctx: CallContext, { id }: RunIdBody): Promise<RunDetail> {
  const { db, account } = ctx;
  const readable = seesAllRuns(ctx)
    ? or(eq(pluginRuns.accountId, account.id), withinCallersGrants(ctx))
    : eq(pluginRuns.accountId, account.id);
  const [found] = await db
    .select({ run: pluginRuns, username: accounts.username })
    .from(pluginRuns)
    .innerJoin(accounts, eq(accounts.id, pluginRuns.accountId))
    .where(and(eq(pluginRuns.id, id), readable));
  if (!found) throw badParameter('id', RUN_MESSAGES.notFound);
  const { run } = found;
  const [items, names] = await Promise.all([
    db
      .select({
        productId: pluginRunItems.productId,
        outcome: pluginRunItems.outcome,
        reason: pluginRunItems.reason,
        reportedAt: pluginRunItems.reportedAt,
      })
      .from(pluginRunItems)
      .where(eq(pluginRunItems.runId, run.id))
      .orderBy(pluginRunItems.position),
    scriptNames(
      db,
      run.scripts.map((script) => script.scriptId),
    ),
  ]);
  return {
    ...toSummary(run),
    scripts: run.scripts.map((script) => ({ ...script, name: names.get(script.scriptId) ?? null })),
    account: { id: run.accountId, username: found.username },
    items: items.map((item): RunItem => ({ ...item, reportedAt: toIso(item.reportedAt) })),
  };
}

/** The scripts' names as the plug-in receives them (the approved name, else the draft's); a deleted one has none. */
async function scriptNames(db: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: scriptTable.id, name: sql<string>`coalesce(${scriptTable.liveName}, ${scriptTable.name})` })
    .from(scriptTable)
    .where(inArray(scriptTable.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.name]));
}
