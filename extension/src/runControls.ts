/**
 * Staff's kill switch and pacing as the plug-in keeps and obeys them (issue 30 point 5,
 * docs/plugin-scripts.md): what `plugin/scripts` answered, checked before it is kept, and the
 * gate a join passes before each product: still the member's run, not paused, within the day's
 * cap, and paced (a random wait between two products, at most so many a minute).
 */
import type { PluginControls } from '#contract/api/plugin';
import { PACING_DEFAULT, PACING_LIMITS, PAUSABLE_FLOWS, PAUSE_REASON_MAX, pauseFor, type Pacing, type PausableFlow } from '#contract/runs';
import { flowPausedText } from '#contract/text/runs';

export type StoredControls = Pick<PluginControls, 'pauses'> & { pacing: (Pacing & { platform: string })[] };

export const NO_CONTROLS: StoredControls = { pauses: [], pacing: [] };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const within = (value: unknown, { min, max }: { min: number; max: number }) =>
  Number.isSafeInteger(value) && (value as number) >= min && (value as number) <= max;

function sanitizedPacing(value: unknown): (Pacing & { platform: string }) | null {
  if (!isRecord(value) || typeof value.platform !== 'string') return null;
  const { platform, itemsPerMinute, delayMinMs, delayMaxMs, dailyCap } = value;
  if (
    !within(itemsPerMinute, PACING_LIMITS.itemsPerMinute) ||
    !within(delayMinMs, PACING_LIMITS.delayMs) ||
    !within(delayMaxMs, PACING_LIMITS.delayMs) ||
    !within(dailyCap, PACING_LIMITS.dailyCap) ||
    (delayMinMs as number) > (delayMaxMs as number)
  ) {
    return null;
  }
  return { platform, itemsPerMinute, delayMinMs, delayMaxMs, dailyCap } as Pacing & { platform: string };
}

/**
 * The pauses and pacing of an answer, as far as they are well-formed: a pause needs a flow, a
 * platform (or null: every platform) and a reason; a platform's pacing outside the limits staff may
 * set is dropped, and that platform is then paced by PACING_DEFAULT.
 */
export function sanitizedControls(answer: unknown): StoredControls {
  if (!isRecord(answer)) return NO_CONTROLS;
  const pauses = (Array.isArray(answer.pauses) ? answer.pauses : []).flatMap((pause: unknown) => {
    if (!isRecord(pause) || !(PAUSABLE_FLOWS as readonly unknown[]).includes(pause.flow)) return [];
    if (pause.platform !== null && typeof pause.platform !== 'string') return [];
    const reason = typeof pause.reason === 'string' ? Array.from(pause.reason.trim()).slice(0, PAUSE_REASON_MAX).join('') : '';
    if (!reason) return [];
    return [{ ...pause, reason } as StoredControls['pauses'][number]];
  });
  const pacing = (Array.isArray(answer.pacing) ? answer.pacing : []).flatMap((item: unknown) => sanitizedPacing(item) ?? []);
  return { pauses, pacing };
}

/** What a flow on a platform may do now: its pause's words (null: not paused) and its pacing. */
export interface FlowControls {
  stop: string | null;
  pacing: Pacing;
}

export function controlsFor(controls: StoredControls, flow: PausableFlow, platform: string): FlowControls {
  const pause = pauseFor(controls.pauses, flow, platform);
  const found = controls.pacing.find((item) => item.platform === platform);
  const { itemsPerMinute, delayMinMs, delayMaxMs, dailyCap } = found ?? PACING_DEFAULT;
  return { stop: pause ? flowPausedText(flow, pause.reason) : null, pacing: { itemsPerMinute, delayMinMs, delayMaxMs, dailyCap } };
}

/**
 * Not a plug-in data key: the products this browser's joins started today (the browser's day), per
 * platform. The server counts a run's reported products; this count also holds a join some page
 * started without a run. It stays through 清除插件缓存: it is a limit, not a cache.
 */
export const DAILY_TURNS_KEY = 'daily-turns';
export interface DailyTurns {
  day: string;
  counts: Record<string, number>;
}

export const localDay = (date: Date) => `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;

/** The day's counts with one more product on `platform`, or null when its cap is reached (a new day starts from none). */
export function withTurn(stored: DailyTurns | undefined, day: string, platform: string, cap: number): DailyTurns | null {
  const counts = stored?.day === day ? stored.counts : {};
  const used = counts[platform] ?? 0;
  return used >= cap ? null : { day, counts: { ...counts, [platform]: used + 1 } };
}

/** The plug-in's own count of the day's products (a join the console started without a run is not counted by the server). */
export const dailyCapText = (cap: number) => `今天已处理 ${cap} 个商品，已达每天上限 ${cap} 个，明天再继续`;

/**
 * When a join's next product may start: a random wait in the delay range after the previous one,
 * and never more than `itemsPerMinute` starts in any 60 s. The wait's share of the range is drawn
 * once per gap, so a pacing changed while waiting moves the same gap.
 */
export class Pacer {
  private starts: number[] = [];
  private gap: { from: number; share: number } | null = null;

  constructor(private readonly random: () => number = Math.random) {}

  /** Milliseconds to wait at `now` before the next product may start (0: go). */
  waitBefore(now: number, pacing: Pacing): number {
    if (this.starts.length === 0) return 0;
    this.gap ??= { from: now, share: this.random() };
    const delay = pacing.delayMinMs + Math.round(this.gap.share * (pacing.delayMaxMs - pacing.delayMinMs));
    const recent = this.starts.filter((start) => start > now - 60_000);
    const byRate = recent.length >= pacing.itemsPerMinute ? recent[recent.length - pacing.itemsPerMinute] + 60_000 : now;
    return Math.max(0, this.gap.from + delay - now, byRate - now);
  }

  started(now: number): void {
    this.starts = [...this.starts.filter((start) => start > now - 60_000), now];
    this.gap = null;
  }
}

export interface JoinGateDeps {
  /** Whether the member's run is still this one (no stop, no newer join). */
  stillOurs(): Promise<boolean>;
  /** The join's controls now; `take`: the product is about to start and counts toward the day's cap (refused past it). */
  controls(take: boolean): Promise<FlowControls>;
  now(): number;
  sleep(ms: number): Promise<void>;
  random?(): number;
}

/** A pause or a stop is noticed while waiting at least this often. */
export const GATE_CHECK_MS = 1_000;

/**
 * The interpreter's `beforeItem` for a join: false stops the run before the product (the member's
 * stop, staff's pause or the day's cap; `stopReason` then has the words of the last two).
 */
export function joinGate(deps: JoinGateDeps) {
  const pacer = new Pacer(deps.random);
  let stopReason: string | null = null;
  const halted = async (take: boolean): Promise<FlowControls | null> => {
    if (!(await deps.stillOurs())) return null;
    const controls = await deps.controls(take);
    if (controls.stop) {
      stopReason = controls.stop;
      return null;
    }
    return controls;
  };
  const beforeItem = async (): Promise<boolean> => {
    let controls = await halted(false);
    if (!controls) return false;
    for (let wait = pacer.waitBefore(deps.now(), controls.pacing); wait > 0; wait = pacer.waitBefore(deps.now(), controls.pacing)) {
      await deps.sleep(Math.min(wait, GATE_CHECK_MS));
      controls = await halted(false);
      if (!controls) return false;
    }
    if (!(await halted(true))) return false;
    pacer.started(deps.now());
    return true;
  };
  return { beforeItem, stopReason: () => stopReason };
}
