/**
 * The plug-in's runs (运行记录, issue 30): every bind, join and stop the console starts is a record
 * the plug-in reports into: the script versions it ran, for a join one item per product id, and
 * how it ended. Plain constants (no TypeBox): the console and the plug-in import them; the calls'
 * schemas are in contract/api/run.ts, the labels in contract/text/runs.ts.
 */
import { SCRIPT_FLOWS, type ScriptFlow } from './pluginScripts';

export const RUN_FLOWS = SCRIPT_FLOWS;
export type RunFlow = ScriptFlow;

/** `partlyFailed`: a join that joined some ids and failed others. */
export const RUN_STATUSES = ['running', 'succeeded', 'partlyFailed', 'failed', 'stopped'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/** How a run ends, as the plug-in reports it; the server derives the status from it and the items. */
export const RUN_ENDINGS = ['succeeded', 'failed', 'stopped'] as const;
export type RunEnding = (typeof RUN_ENDINGS)[number];

/** `pending`: not reported yet (or never: the run failed or stopped before it). */
export const RUN_ITEM_OUTCOMES = ['pending', 'joined', 'alreadyJoined', 'failed'] as const;
export type RunItemOutcome = (typeof RUN_ITEM_OUTCOMES)[number];

/** What the plug-in may report of an item. */
export const REPORTED_ITEM_OUTCOMES = ['joined', 'alreadyJoined', 'failed'] as const;
export type ReportedItemOutcome = (typeof REPORTED_ITEM_OUTCOMES)[number];

/** A product id: digits, as the console's list takes them (src/extensionBridge/productIds.ts). */
export const PRODUCT_ID_PATTERN = '^[0-9]{1,32}$';

/** The most product ids of one join (the membership's quota may be lower). */
export const RUN_PRODUCT_IDS_MAX = 5_000;

/** The most item outcomes of one report: the plug-in sends a long join in batches. */
export const RUN_BATCH_ITEMS_MAX = 500;

/** The most scripts one run names (a link and an action per flow, a few spare). */
export const RUN_SCRIPTS_MAX = 10;

export const RUN_STEP_NAME_MAX = 32;
export const RUN_MESSAGE_MAX = 200;

/**
 * A running run with no report (and no start) for this long is taken as abandoned by the server's
 * housekeeping; the plug-in stops resending a run's reports after as long.
 */
export const RUN_ABANDONED_MINUTES = 60;

/**
 * When a script version's runs are announced as failing (the bell of everyone holding 脚本编辑):
 * of its last `window` ended runs (stopped ones not counted), at least `minRuns`, and a share of at
 * least `failureRate` failed at one of its steps. Once a version.
 */
export const SCRIPT_FAILURE_ALERT = { window: 20, minRuns: 5, failureRate: 0.5 } as const;

/**
 * The kill switch (issue 30): staff pause a flow (bind or join) for every platform or for one, with a
 * reason. A paused flow is refused at `run/start`, the plug-in starts none and a running join stops
 * at its next product. A stop is never paused.
 */
export const PAUSABLE_FLOWS = ['bind', 'join'] as const satisfies readonly RunFlow[];
export type PausableFlow = (typeof PAUSABLE_FLOWS)[number];
export const PAUSE_REASON_MAX = 200;

/**
 * The pause that stops `flow` on `platform`, of `pauses` (a platform's own, or one of every platform
 * with `platform` null): the platform's own first, so the server's refusal and the console's
 * buttons name the same reason.
 */
export function pauseFor<P extends { flow: string; platform: string | null }>(
  pauses: readonly P[],
  flow: PausableFlow,
  platform: string,
): P | undefined {
  const ofFlow = pauses.filter((pause) => pause.flow === flow);
  return ofFlow.find((pause) => pause.platform === platform) ?? ofFlow.find((pause) => pause.platform === null);
}

/**
 * Pacing per platform, served with the scripts and kept by the plug-in: at most `itemsPerMinute`
 * products a minute, a random wait of `delayMinMs`–`delayMaxMs` between two, and `dailyCap` products
 * a business day per account (the server refuses a join that would pass it). A platform staff never
 * set is paced by PACING_DEFAULT; PACING_LIMITS are the values staff may choose.
 */
export interface Pacing {
  itemsPerMinute: number;
  delayMinMs: number;
  delayMaxMs: number;
  dailyCap: number;
}
export const PACING_DEFAULT: Readonly<Pacing> = { itemsPerMinute: 10, delayMinMs: 2_000, delayMaxMs: 5_000, dailyCap: 500 };
export const PACING_LIMITS = {
  itemsPerMinute: { min: 1, max: 120 },
  delayMs: { min: 0, max: 60_000 },
  dailyCap: { min: 1, max: 100_000 },
} as const;
