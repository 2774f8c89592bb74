/**
 * What the worker takes from a page about a run, checked and cut to the contract's sizes before it
 * is queued: a batch the server refuses would drop the run's other reports with it. A product id,
 * a failure's words and a step name come from a page or a staff-written script: untrusted.
 */
import {
  PRODUCT_ID_PATTERN,
  REPORTED_ITEM_OUTCOMES,
  RUN_ENDINGS,
  RUN_MESSAGE_MAX,
  RUN_SCRIPTS_MAX,
  RUN_STEP_NAME_MAX,
  type ReportedItemOutcome,
  type RunEnding,
} from '#contract/runs';
import type { ReportResult } from './serverApi';
import type { FailedStep, RanScript, ReportedItem } from './runReporter';

const PRODUCT_ID = new RegExp(PRODUCT_ID_PATTERN);
const INT4_MAX = 2_147_483_647;

const isCount = (value: unknown, max = INT4_MAX): value is number =>
  Number.isSafeInteger(value) && (value as number) >= 1 && (value as number) <= max;

/** Cut to `max` characters (code points, as the server's schema counts them); null when nothing is left. */
function clipped(text: unknown, max: number): string | null {
  if (typeof text !== 'string') return null;
  const trimmed = text.trim();
  return trimmed ? Array.from(trimmed).slice(0, max).join('') : null;
}

/** The run id the console set (`run-id`, decimal), or null when there is none or it is not one. */
export function runIdOf(value: unknown): number | null {
  const id = typeof value === 'string' && /^[1-9][0-9]{0,15}$/.test(value) ? Number(value) : value;
  return isCount(id, Number.MAX_SAFE_INTEGER) ? id : null;
}

/** A page's run id; anything else is refused with the request. */
export function checkedRunId(value: unknown): number {
  const id = runIdOf(value);
  if (id === null) throw new Error(`not a run id: ${String(value)}`);
  return id;
}

export function sanitizedScripts(value: unknown): RanScript[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((script): script is RanScript => isCount(script?.scriptId) && isCount(script?.version))
    .slice(0, RUN_SCRIPTS_MAX)
    .map(({ scriptId, version }) => ({ scriptId, version }));
}

/** An item outcome, or null when its product id or outcome is not one (it is then not reported). */
export function sanitizedItem(value: { productId?: unknown; outcome?: unknown; reason?: unknown }): ReportedItem | null {
  if (typeof value.productId !== 'string' || !PRODUCT_ID.test(value.productId)) return null;
  if (!(REPORTED_ITEM_OUTCOMES as readonly unknown[]).includes(value.outcome)) return null;
  const reason = value.outcome === 'failed' ? clipped(value.reason, RUN_MESSAGE_MAX) : null;
  return { productId: value.productId, outcome: value.outcome as ReportedItemOutcome, ...(reason ? { reason } : {}) };
}

export const sanitizedEnding = (value: unknown): RunEnding =>
  (RUN_ENDINGS as readonly unknown[]).includes(value) ? (value as RunEnding) : 'failed';

/** The failed step as far as it is well-formed; undefined without a message. */
export function sanitizedStep(value: unknown): FailedStep | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { index, name, message, scriptId } = value as Record<string, unknown>;
  const words = clipped(message, RUN_MESSAGE_MAX);
  if (!words) return undefined;
  const stepName = clipped(name, RUN_STEP_NAME_MAX);
  return {
    message: words,
    ...(isCount(index) ? { index } : {}),
    ...(stepName ? { name: stepName } : {}),
    ...(isCount(scriptId) ? { scriptId } : {}),
  };
}

/** How a bind's run ended: with the shop taken, or failed at its step (or the server's refusal, in its words). */
export function endingOfBind(
  result: ReportResult,
  step: { index: number; name: string; scriptId: number } | undefined,
): [RunEnding, FailedStep?] {
  if (result.status === 'success') return ['succeeded'];
  return ['failed', sanitizedStep({ ...step, message: result.message })];
}
