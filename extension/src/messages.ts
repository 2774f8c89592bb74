/**
 * Messages between the extension's content scripts and its service worker (chrome.runtime),
 * internal to the extension. The console never sees them: it speaks the bridge protocol.
 */
import type { PluginData, PluginDataKey } from '#contract/pluginProtocol';
import type { BindOutcome } from './adapters/types';

export type WorkerRequest =
  /** The console's token from the handshake (null: nobody is logged in). */
  | { kind: 'token'; token: string | null }
  | { kind: 'set'; values: Partial<PluginData> }
  | { kind: 'get'; keys: PluginDataKey[] }
  | { kind: 'clean' }
  /** The console asked for the scripts now (`refreshScripts`). */
  | { kind: 'refreshScripts' }
  /** A shop page's adapter finished the bind. */
  | { kind: 'bindFinished'; outcome: BindOutcome };

export interface WorkerAnswers {
  token: { ok: true };
  set: { ok: true };
  get: { values: Partial<PluginData> };
  clean: { ok: boolean };
  refreshScripts: { ok: true };
  bindFinished: { status: 'success' | 'fail'; message: string };
}

/** Sends `request` to the service worker and answers its reply. */
export function askWorker<R extends WorkerRequest>(request: R): Promise<WorkerAnswers[R['kind']]> {
  return chrome.runtime.sendMessage(request);
}
