/**
 * The plug-in worker's run reports (extension/src/runReporter.ts): batches numbered before they are
 * sent and sent again under the same number, the finish after the last batch, a run whose tab closed
 * ended as stopped, and what a page says checked first (extension/src/runInput.ts).
 */
import type { RunFinishBody, RunReportBody } from '#contract/api/run';
import { RUN_BATCH_ITEMS_MAX, RUN_MESSAGE_MAX } from '#contract/runs';
import { RUN_FLUSH_MS, RUN_RETRY_MS, RunReporter, type Delivery, type RunQueues } from '../../extension/src/runReporter';
import { endingOfBind, runIdOf, sanitizedItem, sanitizedScripts, sanitizedStep } from '../../extension/src/runInput';

/** chrome.storage keeps JSON: what it hands back is a copy. */
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** A worker's session storage, a server that answers as told, and timers run by hand. */
function worker(answers: { report?: Delivery[]; finish?: Delivery[] } = {}) {
  let stored: RunQueues = {};
  const reports: RunReportBody[] = [];
  const finishes: RunFinishBody[] = [];
  const timers: { ms: number; work: () => void }[] = [];
  let clock = 1_000_000;
  const deps = {
    load: async () => clone(stored),
    save: async (queues: RunQueues) => {
      stored = clone(queues);
    },
    report: async (body: RunReportBody) => {
      reports.push(clone(body));
      return answers.report?.shift() ?? 'taken';
    },
    finish: async (body: RunFinishBody) => {
      finishes.push(clone(body));
      return answers.finish?.shift() ?? 'taken';
    },
    later: (ms: number, work: () => void) => void timers.push({ ms, work }),
    now: () => clock,
  };
  return {
    deps,
    reports,
    finishes,
    timers,
    stored: () => stored,
    advance: (ms: number) => (clock += ms),
    /** Runs the timers set so far and waits for what they started. */
    async fire() {
      const due = timers.splice(0);
      for (const timer of due) timer.work();
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}

const SCRIPTS = [
  { scriptId: 2, version: 3 },
  { scriptId: 5, version: 1 },
];

describe('RunReporter', () => {
  it('sends the scripts and the outcomes as batch 1 a moment later, then the finish, and nothing more of it', async () => {
    const w = worker();
    const reporter = new RunReporter(w.deps);
    await reporter.began(41, 7, SCRIPTS);
    await reporter.item(41, '1001', 'joined');
    await reporter.item(41, '1002', 'failed', '第 2 步（click）：未找到元素 #invite');
    expect(w.reports).toEqual([]);
    expect(w.timers.map((timer) => timer.ms)).toEqual([RUN_FLUSH_MS]);
    await w.fire();
    expect(w.reports).toEqual([
      {
        runId: 41,
        batch: 1,
        scripts: SCRIPTS,
        items: [
          { productId: '1001', outcome: 'joined' },
          { productId: '1002', outcome: 'failed', reason: '第 2 步（click）：未找到元素 #invite' },
        ],
      },
    ]);
    await reporter.item(41, '1003', 'alreadyJoined');
    await reporter.ended(41, 'succeeded');
    expect(w.reports.at(-1)).toEqual({ runId: 41, batch: 2, items: [{ productId: '1003', outcome: 'alreadyJoined' }] });
    expect(w.finishes).toEqual([{ runId: 41, ending: 'succeeded' }]);
    // What the page still says about it (a reload ran it again) is not sent.
    await reporter.item(41, '1001', 'joined');
    await reporter.ended(41, 'succeeded');
    await w.fire();
    expect(w.reports).toHaveLength(2);
    expect(w.finishes).toHaveLength(1);
  });

  it('sends a long join in batches of the contract’s most as they fill', async () => {
    const w = worker();
    const reporter = new RunReporter(w.deps);
    for (let index = 0; index < RUN_BATCH_ITEMS_MAX + 3; index += 1) await reporter.item(9, String(5000 + index), 'joined');
    expect(w.reports.map((report) => [report.batch, report.items?.length])).toEqual([[1, RUN_BATCH_ITEMS_MAX]]);
    await reporter.ended(9, 'stopped');
    expect(w.reports.map((report) => [report.batch, report.items?.length])).toEqual([
      [1, RUN_BATCH_ITEMS_MAX],
      [2, 3],
    ]);
    expect(w.finishes).toEqual([{ runId: 9, ending: 'stopped' }]);
  });

  it('sends a batch whose answer was lost again under its number, and finishes only after it was taken', async () => {
    const w = worker({ report: ['retry', 'retry', 'taken'] });
    const reporter = new RunReporter(w.deps);
    await reporter.item(41, '1001', 'joined');
    await reporter.ended(41, 'failed', { index: 3, name: 'click', message: '第 3 步（click）：未找到元素 #go' });
    expect(w.finishes).toEqual([]);
    expect(w.timers.map((timer) => timer.ms)).toContain(RUN_RETRY_MS);
    // The worker slept meanwhile: a new one reads the same storage.
    const awoken = new RunReporter(w.deps);
    await awoken.flush();
    await awoken.flush();
    expect(w.reports.map((report) => report.batch)).toEqual([1, 1, 1]);
    expect(new Set(w.reports.map((report) => JSON.stringify(report))).size).toBe(1);
    expect(w.finishes).toEqual([
      { runId: 41, ending: 'failed', failedStep: { index: 3, name: 'click', message: '第 3 步（click）：未找到元素 #go' } },
    ]);
  });

  it('drops a run the server refused (a stop ended it) without a finish, and keeps the others', async () => {
    const w = worker({ report: ['refused', 'taken'] });
    const reporter = new RunReporter(w.deps);
    await reporter.item(41, '1001', 'joined');
    await reporter.item(42, '2001', 'joined');
    await w.fire();
    await reporter.ended(41, 'stopped');
    expect(w.reports.map((report) => report.runId)).toEqual([41, 42]);
    expect(w.finishes).toEqual([]);
    expect(w.stored()[41].closed).toBe(true);
    expect(w.stored()[42].closed).toBeUndefined();
  });

  it('ends the runs of a closed tab as stopped, the others not', async () => {
    const w = worker();
    const reporter = new RunReporter(w.deps);
    await reporter.began(41, 7, SCRIPTS);
    await reporter.began(42, 8, SCRIPTS);
    await reporter.tabClosed(7);
    expect(w.finishes).toEqual([{ runId: 41, ending: 'stopped' }]);
    expect(w.stored()[42].ending).toBeNull();
  });

  it('gives up on a run past the server’s abandonment: it would take nothing more', async () => {
    const w = worker({ report: ['retry'] });
    const reporter = new RunReporter(w.deps);
    await reporter.item(41, '1001', 'joined');
    await w.fire();
    w.advance(61 * 60_000);
    await reporter.flush();
    expect(w.reports).toHaveLength(1);
    expect(w.stored()).toEqual({});
  });
});

describe('what a page says about a run', () => {
  it('takes a product id of digits and an outcome of the contract, the reason of a failure cut to size', () => {
    expect(sanitizedItem({ productId: '1001', outcome: 'joined', reason: 'ignored' })).toEqual({ productId: '1001', outcome: 'joined' });
    const long = sanitizedItem({ productId: '1002', outcome: 'failed', reason: '失'.repeat(RUN_MESSAGE_MAX + 50) });
    expect(Array.from(long!.reason!)).toHaveLength(RUN_MESSAGE_MAX);
    for (const bad of [
      { productId: '10a1', outcome: 'joined' },
      { productId: '<img src=x>', outcome: 'joined' },
      { productId: '1003', outcome: 'pending' },
      { productId: 1004, outcome: 'joined' },
    ]) {
      expect(sanitizedItem(bad)).toBeNull();
    }
  });

  it('reads a run id the console set, and nothing else', () => {
    expect(runIdOf('41')).toBe(41);
    expect(runIdOf(41)).toBe(41);
    for (const bad of ['0', '-1', '1e3', '41; drop', '', null, undefined, 1.5, '99999999999999999']) expect(runIdOf(bad)).toBeNull();
  });

  it('keeps only well-formed scripts and steps', () => {
    expect(sanitizedScripts([{ scriptId: 2, version: 3, extra: 'x' }, { scriptId: '5', version: 1 }, null])).toEqual([
      { scriptId: 2, version: 3 },
    ]);
    expect(sanitizedStep({ index: 0, name: '', message: '  失败  ' })).toEqual({ message: '失败' });
    expect(sanitizedStep({ index: 2, name: 'click', message: '' })).toBeUndefined();
    expect(endingOfBind({ status: 'fail', message: '当前会员最多绑定 1 个店铺' }, undefined)).toEqual([
      'failed',
      { message: '当前会员最多绑定 1 个店铺' },
    ]);
    expect(endingOfBind({ status: 'success', message: '' }, { index: 2, name: 'read', scriptId: 3 })).toEqual(['succeeded']);
    expect(endingOfBind({ status: 'fail', message: '第 2 步（read）：未找到元素 #shop' }, { index: 2, name: 'read', scriptId: 3 })).toEqual(
      ['failed', { index: 2, name: 'read', scriptId: 3, message: '第 2 步（read）：未找到元素 #shop' }],
    );
  });
});
