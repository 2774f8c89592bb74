/**
 * Messages between the extension's content scripts and its service worker (chrome.runtime),
 * internal to the extension. The console never sees them: it speaks the bridge protocol.
 */
import type { PluginData, PluginDataKey } from '#contract/pluginProtocol';
import type { PausableFlow, ReportedItemOutcome, RunEnding } from '#contract/runs';
import type { FlowControls } from './runControls';
import type { BindOutcome } from './adapters/types';
import type { FailedStep, RanScript } from './runReporter';

export type WorkerRequest =
  /** The console's token from the handshake (null: nobody is logged in). */
  | { kind: 'token'; token: string | null }
  | { kind: 'set'; values: Partial<PluginData> }
  | { kind: 'get'; keys: PluginDataKey[] }
  | { kind: 'clean' }
  /** The console asked for the scripts now (`refreshScripts`). */
  | { kind: 'refreshScripts' }
  /** A shop page's adapter or script finished the bind; a script's failure names its step. */
  | { kind: 'bindFinished'; outcome: BindOutcome; failedStep?: { index: number; name: string; scriptId: number } }
  /** A page started the console's run `runId` with these scripts (none: a built-in adapter). */
  | { kind: 'runBegan'; runId: number; scripts: RanScript[] }
  /** A join's product id had its turn. */
  | { kind: 'runItem'; runId: number; productId: string; outcome: ReportedItemOutcome; reason?: string }
  /**
   * Staff's pause and pacing of a flow on a platform, fresh within seconds; `take`: a join's product
   * is about to start (counted toward the day's cap, or refused past it).
   */
  | { kind: 'flowControls'; flow: PausableFlow; platform: string; take?: boolean }
  /** A join or a stop ended on its page (a bind ends with `bindFinished`). */
  | { kind: 'runEnded'; runId: number; ending: RunEnding; failedStep?: FailedStep };

export interface WorkerAnswers {
  token: { ok: true };
  set: { ok: true };
  get: { values: Partial<PluginData> };
  clean: { ok: boolean };
  refreshScripts: { ok: true };
  bindFinished: { status: 'success' | 'fail'; message: string };
  runBegan: { ok: true };
  runItem: { ok: true };
  runEnded: { ok: true };
  flowControls: FlowControls;
}

/** Sends `request` to the service worker and answers its reply. */
export function askWorker<R extends WorkerRequest>(request: R): Promise<WorkerAnswers[R['kind']]> {
  return chrome.runtime.sendMessage(request);
}
