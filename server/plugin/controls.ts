/**
 * The kill switch and pacing of the plug-in's flows (issue 30, contract/runs.ts): staff pause a flow
 * for every platform or one, with a reason, and set each platform's pacing. `run/start` refuses a
 * paused flow and a join past the day's cap (server/run/runs.ts); the plug-in receives both with its
 * scripts (`plugin/scripts`), and every console hears of a pause in the bell, which refreshes the
 * plug-in's scripts.
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type {
  PlatformPacing,
  PluginControls,
  PluginPacingBody,
  PluginPause,
  PluginPauseBody,
  PluginResumeBody,
} from '#contract/api/plugin';
import { pluginFlowRecordKey } from '#contract/notifications';
import { PACING_DEFAULT, pauseFor, type Pacing, type PausableFlow } from '#contract/runs';
import { SHOP_PLATFORMS } from '#contract/shopPlatforms';
import type { CallContext } from '../context';
import type { Executor } from '../db/client';
import { pluginPacing, pluginPauses } from '../db/schema';
import { announce } from '../notification/announce';
import { badParameter } from '../refusal';
import { PLUGIN_MESSAGES } from './messages';

type Platform = (typeof SHOP_PLATFORMS)[number]['value'];

const scopeIs = (flow: PausableFlow, platform: string | null) =>
  and(eq(pluginPauses.flow, flow), platform === null ? isNull(pluginPauses.platform) : eq(pluginPauses.platform, platform));

/** The paused flows and every platform's pacing, in a stable order (the plug-in's ETag hashes them). */
export async function pluginControls(db: Executor): Promise<PluginControls> {
  const pauses = await db
    .select({ flow: pluginPauses.flow, platform: pluginPauses.platform, reason: pluginPauses.reason, pausedAt: pluginPauses.pausedAt })
    .from(pluginPauses)
    .orderBy(asc(pluginPauses.flow), sql`${pluginPauses.platform} nulls first`);
  const set = await db.select().from(pluginPacing);
  const pacing = SHOP_PLATFORMS.map(({ value }): PlatformPacing => {
    const row = set.find((entry) => entry.platform === value);
    const { itemsPerMinute, delayMinMs, delayMaxMs, dailyCap } = row ?? PACING_DEFAULT;
    return { platform: value, itemsPerMinute, delayMinMs, delayMaxMs, dailyCap, custom: Boolean(row) };
  });
  return {
    pauses: pauses.map((row): PluginPause => ({ ...row, platform: row.platform as Platform | null, pausedAt: row.pausedAt.toISOString() })),
    pacing,
  };
}

export const readPluginControls = ({ db }: CallContext): Promise<PluginControls> => pluginControls(db);

/** The pause that stops `flow` on `platform` (`pauseFor`: the platform's own, else the one of every platform). */
export async function pauseOf(db: Executor, flow: PausableFlow, platform: string): Promise<{ reason: string } | undefined> {
  const pauses = await db
    .select({ flow: pluginPauses.flow, platform: pluginPauses.platform, reason: pluginPauses.reason })
    .from(pluginPauses)
    .where(eq(pluginPauses.flow, flow));
  return pauseFor(pauses, flow, platform);
}

/** The pacing `platform` runs at. */
export async function pacingOf(db: Executor, platform: string): Promise<Pacing> {
  const [row] = await db.select().from(pluginPacing).where(eq(pluginPacing.platform, platform));
  return row ?? PACING_DEFAULT;
}

/** Pauses a scope, or changes the reason of a paused one; audited and announced to every account. */
export async function pauseFlow({ db, account, audit }: CallContext, body: PluginPauseBody): Promise<PluginControls> {
  const reason = body.reason.trim();
  if (!reason) throw badParameter('reason', PLUGIN_MESSAGES.pauseReasonRequired);
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ reason: pluginPauses.reason })
      .from(pluginPauses)
      .where(scopeIs(body.flow, body.platform))
      .for('update');
    // Two staff pausing one scope at once: the unique scope index lets one insert; the other updates.
    const inserted = await tx
      .insert(pluginPauses)
      .values({ flow: body.flow, platform: body.platform, reason, pausedBy: account.id })
      .onConflictDoNothing()
      .returning({ id: pluginPauses.id });
    if (inserted.length === 0) await tx.update(pluginPauses).set({ reason, pausedBy: account.id }).where(scopeIs(body.flow, body.platform));
    const scope = { flow: body.flow, platform: body.platform };
    await audit(tx, {
      action: 'plugin.pause',
      targetType: 'pluginFlow',
      targetId: pluginFlowRecordKey(scope),
      before: before ? { ...scope, reason: before.reason } : null,
      after: { ...scope, reason },
    });
    await announce(tx, { kind: 'plugin.paused', record: pluginFlowRecordKey(scope), data: { ...scope, reason }, actorId: account.id });
    return pluginControls(tx);
  });
}

/** Resumes a paused scope; audited and announced. */
export async function resumeFlow({ db, account, audit }: CallContext, body: PluginResumeBody): Promise<PluginControls> {
  return db.transaction(async (tx) => {
    const [removed] = await tx.delete(pluginPauses).where(scopeIs(body.flow, body.platform)).returning({ reason: pluginPauses.reason });
    if (!removed) throw badParameter('flow', PLUGIN_MESSAGES.notPaused);
    const scope = { flow: body.flow, platform: body.platform };
    await audit(tx, {
      action: 'plugin.resume',
      targetType: 'pluginFlow',
      targetId: pluginFlowRecordKey(scope),
      before: { ...scope, reason: removed.reason },
      after: null,
    });
    await announce(tx, { kind: 'plugin.resumed', record: pluginFlowRecordKey(scope), data: scope, actorId: account.id });
    return pluginControls(tx);
  });
}

/** Sets a platform's pacing; audited with both sides. */
export async function setPacing({ db, account, audit }: CallContext, body: PluginPacingBody): Promise<PluginControls> {
  if (body.delayMinMs > body.delayMaxMs) throw badParameter('delayMinMs', PLUGIN_MESSAGES.delaysOutOfOrder);
  const { platform, ...pacing } = body;
  return db.transaction(async (tx) => {
    const before = await tx.select().from(pluginPacing).where(eq(pluginPacing.platform, platform)).for('update');
    await tx
      .insert(pluginPacing)
      .values({ platform, ...pacing, updatedBy: account.id })
      .onConflictDoUpdate({ target: pluginPacing.platform, set: { ...pacing, updatedBy: account.id, updatedAt: sql`now()` } });
    const { itemsPerMinute, delayMinMs, delayMaxMs, dailyCap } = before[0] ?? PACING_DEFAULT;
    await audit(tx, {
      action: 'plugin.setPacing',
      targetType: 'pluginPacing',
      targetId: platform,
      before: { platform, itemsPerMinute, delayMinMs, delayMaxMs, dailyCap, custom: before.length > 0 },
      after: body,
    });
    return pluginControls(tx);
  });
}
