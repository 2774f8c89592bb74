/**
 * The plug-in's kill switch and pacing (extension/src/runControls.ts): what it keeps of an answer,
 * the pause and pacing of a flow on a platform, and the gate a join passes before each product
 * (its waits, its checks while waiting, the day's cap), on a clock run by hand.
 */
import { PACING_DEFAULT } from '#contract/runs';
import {
  controlsFor,
  GATE_CHECK_MS,
  joinGate,
  Pacer,
  sanitizedControls,
  withTurn,
  type FlowControls,
} from '../../extension/src/runControls';

const PACED = { itemsPerMinute: 3, delayMinMs: 1_000, delayMaxMs: 3_000, dailyCap: 100 };
const PAUSE = { flow: 'join', platform: 'tiktok', reason: '达人页面改版', pausedAt: '2026-11-28T02:00:00.000Z' };

describe('sanitizedControls', () => {
  it('keeps well-formed pauses and pacing and drops the rest', () => {
    const kept = sanitizedControls({
      pauses: [
        PAUSE,
        { ...PAUSE, platform: null, flow: 'bind', reason: `  ${'停'.repeat(250)}  ` },
        { ...PAUSE, flow: 'stop' },
        { ...PAUSE, reason: '   ' },
        { ...PAUSE, platform: 7 },
        'pause',
      ],
      pacing: [
        { platform: 'tiktok', ...PACED },
        { platform: 'tiktok-us', ...PACED, delayMinMs: 5_000 },
        { platform: 'x', ...PACED, itemsPerMinute: 0 },
        { platform: 'y', ...PACED, dailyCap: 1.5 },
      ],
    });
    expect(kept.pauses.map((pause) => [pause.flow, pause.platform, Array.from(pause.reason).length])).toEqual([
      ['join', 'tiktok', 6],
      ['bind', null, 200],
    ]);
    expect(kept.pacing).toEqual([{ platform: 'tiktok', ...PACED }]);
    expect(sanitizedControls(null)).toEqual({ pauses: [], pacing: [] });
    expect(sanitizedControls({ pauses: 'x', pacing: {} })).toEqual({ pauses: [], pacing: [] });
  });

  it("names the platform's own pause first, then one of every platform; a platform staff never paced gets the default", () => {
    const controls = sanitizedControls({
      pauses: [{ ...PAUSE, platform: null, reason: '全部暂停' }, PAUSE],
      pacing: [{ platform: 'tiktok', ...PACED }],
    });
    expect(controlsFor(controls, 'join', 'tiktok')).toEqual({ stop: '加入达人计划已暂停：达人页面改版', pacing: PACED });
    const { dailyCap, itemsPerMinute, delayMinMs, delayMaxMs } = PACING_DEFAULT;
    expect(controlsFor(controls, 'join', 'tiktok-us')).toEqual({
      stop: '加入达人计划已暂停：全部暂停',
      pacing: { itemsPerMinute, delayMinMs, delayMaxMs, dailyCap },
    });
    expect(controlsFor(controls, 'bind', 'tiktok').stop).toBeNull();
  });
});

describe('withTurn', () => {
  it("counts a platform's products of the day up to its cap, and starts again on a new day", () => {
    const first = withTurn(undefined, '2026-11-28', 'tiktok', 2);
    const second = withTurn(first!, '2026-11-28', 'tiktok', 2);
    expect(second).toEqual({ day: '2026-11-28', counts: { tiktok: 2 } });
    expect(withTurn(second!, '2026-11-28', 'tiktok', 2)).toBeNull();
    expect(withTurn(second!, '2026-11-28', 'tiktok-us', 2)).toEqual({ day: '2026-11-28', counts: { tiktok: 2, 'tiktok-us': 1 } });
    expect(withTurn(second!, '2026-11-29', 'tiktok', 2)).toEqual({ day: '2026-11-29', counts: { tiktok: 1 } });
  });
});

describe('Pacer', () => {
  it('waits the drawn share of the delay range after a product, and keeps to so many starts a minute', () => {
    const pacer = new Pacer(() => 0.5);
    expect(pacer.waitBefore(0, PACED)).toBe(0);
    pacer.started(0);
    // The product took 0.5 s; then half of 1–3 s from its end.
    expect(pacer.waitBefore(500, PACED)).toBe(2_000);
    expect(pacer.waitBefore(1_500, PACED)).toBe(1_000);
    pacer.started(2_500);
    pacer.waitBefore(2_500, PACED);
    pacer.started(4_500);
    // Three started in the last minute: the fourth waits for the first to be a minute old.
    expect(pacer.waitBefore(6_000, PACED)).toBe(54_000);
    expect(pacer.waitBefore(59_000, PACED)).toBe(1_000);
    // Staff allow more a minute meanwhile: the same gap, now only its delay (from 6 s, 2 s).
    expect(pacer.waitBefore(7_000, { ...PACED, itemsPerMinute: 10 })).toBe(1_000);
  });
});

/** A gate on a hand-run clock: `controls` answers what the test says, `sleep` moves the clock. */
function gate(answer: (take: boolean, now: number) => FlowControls, ours: () => boolean = () => true) {
  let clock = 0;
  const asked: { take: boolean; at: number }[] = [];
  const joinGateOf = joinGate({
    stillOurs: async () => ours(),
    controls: async (take) => {
      asked.push({ take, at: clock });
      return answer(take, clock);
    },
    now: () => clock,
    sleep: async (ms) => {
      clock += ms;
    },
    random: () => 1,
  });
  return { ...joinGateOf, asked, clock: () => clock };
}

describe('joinGate', () => {
  it('lets the first product go at once and the next after the pacing, counting each start', async () => {
    const { beforeItem, asked, clock, stopReason } = gate(() => ({ stop: null, pacing: PACED }));
    expect(await beforeItem()).toBe(true);
    expect(clock()).toBe(0);
    expect(await beforeItem()).toBe(true);
    expect(clock()).toBe(3_000);
    // Looked every second while it waited, then took its turn.
    expect(asked.filter(({ take }) => take).map(({ at }) => at)).toEqual([0, 3_000]);
    expect(asked.filter(({ take }) => !take).length).toBe(5);
    expect(stopReason()).toBeNull();
  });

  it("stops within a check's time when staff pause the flow while it waits, with the pause's words", async () => {
    const pausedAt = 1_500;
    const { beforeItem, clock, stopReason } = gate((_take, now) => ({
      stop: now >= pausedAt ? '加入达人计划已暂停：维护' : null,
      pacing: { ...PACED, delayMinMs: 30_000, delayMaxMs: 30_000 },
    }));
    expect(await beforeItem()).toBe(true);
    expect(await beforeItem()).toBe(false);
    expect(clock()).toBeLessThanOrEqual(pausedAt + GATE_CHECK_MS);
    expect(stopReason()).toBe('加入达人计划已暂停：维护');
  });

  it("stops at the member's stop without words, and at the day's cap with the worker's", async () => {
    let ours = true;
    const stopped = gate(
      () => ({ stop: null, pacing: PACED }),
      () => ours,
    );
    expect(await stopped.beforeItem()).toBe(true);
    ours = false;
    expect(await stopped.beforeItem()).toBe(false);
    expect(stopped.stopReason()).toBeNull();

    const capped = gate((take) => ({ stop: take ? '今天已达上限' : null, pacing: PACED }));
    expect(await capped.beforeItem()).toBe(false);
    expect(capped.stopReason()).toBe('今天已达上限');
  });
});
