/**
 * The worker's reports of the plug-in's runs (运行记录): what a page's run tells it (the scripts it
 * chose, each product id's outcome, how it ended) goes to the server in numbered batches
 * (`run/report`) and then `run/finish`, even when the page was closed meanwhile.
 *
 * Everything waiting is kept in chrome.storage.session (the worker may sleep between two events),
 * and a batch is numbered before it is sent: a batch whose answer was lost is sent again under the
 * same number, which the server takes once. A refusal (the run ended: a stop, a new join, the
 * server's housekeeping) drops the run's reports; an unreachable server is tried again later.
 */
import type { RunFinishBody, RunReportBody } from '#contract/api/run';
import { RUN_ABANDONED_MINUTES, RUN_BATCH_ITEMS_MAX, type ReportedItemOutcome, type RunEnding } from '#contract/runs';

export type ReportedItem = NonNullable<RunReportBody['items']>[number];
export type RanScript = NonNullable<RunReportBody['scripts']>[number];
export type FailedStep = NonNullable<RunFinishBody['failedStep']>;

/** How a call went: taken, refused for good (the run ended, or is not this account's), or to be tried again. */
export type Delivery = 'taken' | 'refused' | 'retry';

interface Batch {
  batch: number;
  scripts?: RanScript[];
  items: ReportedItem[];
}

/** One run's reports not yet taken by the server. */
export interface RunQueue {
  runId: number;
  /** The page running it: when that tab closes before the run ended, the run ends as stopped. */
  tabId: number | null;
  createdAt: number;
  nextBatch: number;
  scripts: RanScript[] | null;
  items: ReportedItem[];
  /** Numbered and sent, not yet answered: sent again as it is. */
  inFlight: Batch | null;
  ending: { ending: RunEnding; failedStep?: FailedStep } | null;
  /**
   * Finished, or refused by the server: kept (empty) until it would be abandoned, so that what a page
   * still says about it (a reload, items after a stop) is not sent again.
   */
  closed?: true;
}

export type RunQueues = Record<string, RunQueue>;

export interface RunReporterDeps {
  load(): Promise<RunQueues>;
  save(queues: RunQueues): Promise<void>;
  report(body: RunReportBody): Promise<Delivery>;
  finish(body: RunFinishBody): Promise<Delivery>;
  /** Calls `work` after `ms` (the worker's setTimeout; the poll alarm is the fallback when it slept). */
  later(ms: number, work: () => void): void;
  now(): number;
}

/** Item outcomes wait this long for company before they are sent. */
export const RUN_FLUSH_MS = 2_000;
/** After an unreachable server, the reports are tried again this much later (and at every poll). */
export const RUN_RETRY_MS = 30_000;

export class RunReporter {
  /** One change at a time: the worker answers the pages' messages concurrently. */
  private queue: Promise<unknown> = Promise.resolve();
  private flushScheduled = false;

  constructor(private readonly deps: RunReporterDeps) {}

  /** A page started run `runId` with these scripts (none: a built-in adapter). */
  began(runId: number, tabId: number | null, scripts: RanScript[]): Promise<void> {
    return this.change(runId, (run) => {
      run.tabId ??= tabId;
      run.scripts = scripts;
    }).then(() => this.flushSoon());
  }

  item(runId: number, productId: string, outcome: ReportedItemOutcome, reason?: string): Promise<void> {
    return this.change(runId, (run) => {
      run.items.push(reason ? { productId, outcome, reason } : { productId, outcome });
    }).then((run) => (run && run.items.length >= RUN_BATCH_ITEMS_MAX ? this.flush() : this.flushSoon()));
  }

  ended(runId: number, ending: RunEnding, failedStep?: FailedStep): Promise<void> {
    return this.change(runId, (run) => {
      run.ending ??= failedStep ? { ending, failedStep } : { ending };
    }).then(() => this.flush());
  }

  /** The tab of a run closed: a run it had not ended ends as stopped. */
  async tabClosed(tabId: number): Promise<void> {
    const queues = await this.serial(() => this.deps.load());
    const open = Object.values(queues).filter((run) => run.tabId === tabId && !run.ending && !run.closed);
    for (const run of open) await this.ended(run.runId, 'stopped');
  }

  /** Sends what waits, run by run: batches in order, then the finish. */
  flush(): Promise<void> {
    return this.serial(async () => {
      const queues = await this.deps.load();
      let retry = false;
      for (const key of Object.keys(queues)) {
        const run = queues[key];
        if (this.deps.now() - run.createdAt > RUN_ABANDONED_MINUTES * 60_000) {
          // The server has ended it as abandoned by now: it takes nothing more.
          delete queues[key];
          continue;
        }
        if (run.closed) continue;
        const progress = await this.deliver(run, queues);
        if (progress === 'retry') retry = true;
        if (progress === 'finished' || progress === 'refused')
          queues[key] = { ...run, items: [], scripts: null, inFlight: null, closed: true };
      }
      await this.deps.save(queues);
      if (retry) this.deps.later(RUN_RETRY_MS, () => void this.flush());
    });
  }

  /**
   * Sends `run`'s batches, then its finish once it ended; saves after numbering a batch. `open`: all
   * sent, the run goes on.
   */
  private async deliver(run: RunQueue, queues: RunQueues): Promise<'finished' | 'open' | 'refused' | 'retry'> {
    for (;;) {
      if (!run.inFlight && (run.items.length > 0 || run.scripts)) {
        run.inFlight = {
          batch: run.nextBatch,
          ...(run.scripts ? { scripts: run.scripts } : {}),
          items: run.items.splice(0, RUN_BATCH_ITEMS_MAX),
        };
        run.nextBatch += 1;
        run.scripts = null;
        await this.deps.save(queues);
      }
      if (!run.inFlight) break;
      const { batch, scripts, items } = run.inFlight;
      const delivery = await this.deps.report({
        runId: run.runId,
        batch,
        ...(scripts ? { scripts } : {}),
        ...(items.length ? { items } : {}),
      });
      if (delivery !== 'taken') return delivery;
      run.inFlight = null;
    }
    if (!run.ending) return 'open';
    const delivery = await this.deps.finish({ runId: run.runId, ...run.ending });
    return delivery === 'taken' ? 'finished' : delivery;
  }

  private flushSoon(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    this.deps.later(RUN_FLUSH_MS, () => {
      this.flushScheduled = false;
      void this.flush();
    });
  }

  /** Applies `edit` to run `runId`'s queue (made on first use) and saves; answers the queue. */
  private change(runId: number, edit: (run: RunQueue) => void): Promise<RunQueue | undefined> {
    return this.serial(async () => {
      const queues = await this.deps.load();
      const run = (queues[runId] ??= {
        runId,
        tabId: null,
        createdAt: this.deps.now(),
        nextBatch: 1,
        scripts: null,
        items: [],
        inFlight: null,
        ending: null,
      });
      if (run.closed) return undefined;
      edit(run);
      await this.deps.save(queues);
      return run;
    });
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }
}
