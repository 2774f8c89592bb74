/// <reference types="chrome" />
/**
 * The service worker: holds the plug-in data in chrome.storage.local, the plug-in token (from the
 * handshake) in chrome.storage.session, reports a bound shop to the server and brings the console's
 * tab back when a bind ends; polls the console's server for the scripts and the latest release.
 * Content scripts talk to it with `askWorker` (messages.ts). The console is the one origin this
 * build trusts (consoleOrigin.ts): its pages alone may hand a token or drive a flow.
 */
import { PLUGIN_DATA_KEYS as KEYS, type PluginData } from '#contract/pluginProtocol';
import type { ShopPlatform } from '#contract/shops';
import type { BindOutcome } from './adapters/types';
import type { WorkerAnswers, WorkerRequest } from './messages';
import { CONSOLE_ORIGIN, isConsoleOrigin, SCRIPT_SITE_RULES } from './consoleOrigin';
import { SCRIPTS_WAIT_MS } from './flowTiming';
import { fetchLatestRelease, fetchScripts, reportShop, sendRunFinish, sendRunReport, type ReportResult } from './serverApi';
import { RunReporter, type RunQueues } from './runReporter';
import { checkedRunId, endingOfBind, runIdOf, sanitizedEnding, sanitizedItem, sanitizedScripts, sanitizedStep } from './runInput';
import { ownVersion, readReleaseCheck, RELEASE_CHECK_KEY, writeReleaseCheck } from './releaseCheck';
import {
  controlsFor,
  DAILY_TURNS_KEY,
  dailyCapText,
  localDay,
  NO_CONTROLS,
  withTurn,
  type DailyTurns,
  sanitizedControls,
  type FlowControls,
} from './runControls';
import { PAUSABLE_FLOWS, type PausableFlow } from '#contract/runs';
import { readScriptSet, refusedSet, SCRIPT_SET_KEY, writeScriptSet } from './scripts/scriptSet';
import { ALL_DATA_KEYS, readData, removeData, writeData } from './store';

/** What the worker keeps for the browser session only (never in chrome.storage.local). */
interface ConsoleSession {
  /** The plug-in token the console handed over (never the console session's own). */
  token: string | null;
  /** The console tab that started the running bind: shown again when it ends. */
  consoleTabId: number | null;
}

async function readSession(): Promise<ConsoleSession> {
  const stored = await chrome.storage.session.get<Partial<ConsoleSession>>(['token', 'consoleTabId']);
  return { token: stored.token ?? null, consoleTabId: stored.consoleTabId ?? null };
}

const writeSession = (patch: Partial<ConsoleSession>) => chrome.storage.session.set(patch);

const originOf = (sender: chrome.runtime.MessageSender) => sender.origin ?? (sender.url ? new URL(sender.url).origin : null);

/**
 * How often the worker asks for new scripts and the latest release (chrome.alarms), besides the
 * browser's start, a login and (scripts) the console's `refreshScripts` and the start of a flow.
 */
const POLL_PERIOD_MINUTES = 5;
const POLL_ALARM = 'poll-console';

let refreshing: Promise<void> | null = null;
/** When the server last answered `plugin/scripts` (changed or not), in this worker's life. */
let lastChecked = 0;

/**
 * Fetches `plugin/scripts` with the last ETag. A changed set is kept only when it is valid as a
 * whole (contract/pluginScripts.ts scriptSetProblem); otherwise the previous set stays.
 */
function refreshScripts(): Promise<void> {
  refreshing ??= (async () => {
    try {
      const session = await readSession();
      const stored = await readScriptSet();
      const answer = await fetchScripts(CONSOLE_ORIGIN, session.token, stored?.etag ?? null);
      if (answer.status === 'error') {
        if (session.token) console.warn('[plug-in] plugin/scripts failed:', answer.message);
        return;
      }
      lastChecked = Date.now();
      if (answer.status === 'unchanged') return;
      const problem = refusedSet(answer.answer.scripts, SCRIPT_SITE_RULES);
      if (problem) {
        console.warn('[plug-in] the script set is refused, the previous one is kept:', problem);
        return;
      }
      await writeScriptSet({
        etag: answer.etag,
        scripts: answer.answer.scripts,
        controls: sanitizedControls(answer.answer),
        fetchedAt: new Date().toISOString(),
      });
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/**
 * Asks `plugin/latestRelease` for this plug-in's version; a changed answer is stored, and the bridge
 * passes it on to the console (`release`).
 */
async function checkRelease(): Promise<void> {
  const session = await readSession();
  const stored = await readReleaseCheck();
  const version = ownVersion();
  const answer = await fetchLatestRelease(CONSOLE_ORIGIN, session.token, version, stored?.etag ?? null);
  if (answer.status === 'error') {
    if (session.token) console.warn('[plug-in] plugin/latestRelease failed:', answer.message);
    return;
  }
  if (answer.status === 'unchanged') return;
  await writeReleaseCheck({ version, etag: answer.etag, answer: answer.answer, checkedAt: new Date().toISOString() });
}

/** Not a plug-in data key: the runs' reports waiting for the server (runReporter.ts), for this browser session. */
const RUN_REPORTS_KEY = 'run-reports';

const runs = new RunReporter({
  load: async () => ((await chrome.storage.session.get(RUN_REPORTS_KEY))[RUN_REPORTS_KEY] as RunQueues | undefined) ?? {},
  save: (queues) => chrome.storage.session.set({ [RUN_REPORTS_KEY]: queues }),
  report: async (body) => sendRunReport(CONSOLE_ORIGIN, (await readSession()).token, body),
  finish: async (body) => sendRunFinish(CONSOLE_ORIGIN, (await readSession()).token, body),
  later: (ms, work) => void setTimeout(work, ms),
  now: () => Date.now(),
});

const pollConsole = () => Promise.all([refreshScripts(), checkRelease(), runs.flush()]);

const refreshScriptsWithin = (ms: number) => Promise.race([refreshScripts(), new Promise<void>((resolve) => setTimeout(resolve, ms))]);

/**
 * While a join runs, its gate asks for the controls before each product and every second while it
 * waits: the set is asked for again when older than this, so a pause reaches a running join within
 * 10 s even without the console's tab (whose `refreshScripts` is immediate).
 */
const CONTROLS_FRESH_MS = 8_000;

/** A queue: the work it is given runs one after the other, in the order given (the worker answers messages concurrently). */
function oneAtATime() {
  let last: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const done = last.then(work);
    last = done.catch(() => undefined);
    return done;
  };
}

/** The day's count of products: read and written by one turn at a time. */
const countingTurns = oneAtATime();

/**
 * A flow's controls on a platform now; `take` (a join's product is about to start): counted toward
 * the day's cap, or refused past it.
 */
async function flowControls(flow: PausableFlow, platform: string, take: boolean): Promise<FlowControls> {
  if (Date.now() - lastChecked > CONTROLS_FRESH_MS) await refreshScriptsWithin(SCRIPTS_WAIT_MS);
  const controls = controlsFor((await readScriptSet())?.controls ?? NO_CONTROLS, flow, platform);
  if (!take || controls.stop) return controls;
  return countingTurns(async (): Promise<FlowControls> => {
    const stored = (await chrome.storage.local.get(DAILY_TURNS_KEY))[DAILY_TURNS_KEY] as DailyTurns | undefined;
    const next = withTurn(stored, localDay(new Date()), platform, controls.pacing.dailyCap);
    if (!next) return { ...controls, stop: dailyCapText(controls.pacing.dailyCap) };
    await chrome.storage.local.set({ [DAILY_TURNS_KEY]: next });
    return controls;
  });
}

/**
 * The console's `set`s, one after the other in the order they came: a flow's start waits for the
 * newest scripts before its flag is written, and the run id the console sends after the flag must
 * not land first (the creator page starts on the run id and reads the flag with it).
 */
const settingInOrder = oneAtATime();

async function setValues(values: Partial<PluginData>, sender: chrome.runtime.MessageSender) {
  // A flow starts: the page it opens runs the newest scripts (a staff edit applies to the next bind).
  // They are stored before the start flag, which the page waits for (site.ts bindStarted).
  if (values[KEYS.startBindShop] === true || values[KEYS.runJoinCreator] === true) await refreshScriptsWithin(SCRIPTS_WAIT_MS);
  if (values[KEYS.startBindShop] === true) {
    // A new bind: forget the last outcome, remember whose tab to bring back.
    await removeData([KEYS.shopStatus, KEYS.shopMessage]);
    await writeSession({ consoleTabId: sender.tab?.id ?? null });
  }
  await writeData(values);
}

async function focusTab(tabId: number) {
  const tab = await chrome.tabs.update(tabId, { active: true });
  if (tab?.windowId !== undefined) await chrome.windows.update(tab.windowId, { focused: true });
}

/**
 * Reports the adapter's outcome to the server, writes shop-status / shop-message, ends the bind's
 * run, and goes back to the console.
 */
async function finishBind(
  outcome: BindOutcome,
  failedStep: { index: number; name: string; scriptId: number } | undefined,
  shopTab: chrome.tabs.Tab | undefined,
): Promise<ReportResult> {
  const session = await readSession();
  const {
    [KEYS.shopType]: shopType,
    [KEYS.bindId]: bindId,
    [KEYS.runId]: runId,
  } = await readData([KEYS.shopType, KEYS.bindId, KEYS.runId]);
  const result: ReportResult = outcome.ok
    ? await reportShop(CONSOLE_ORIGIN, session.token, { platform: (shopType ?? '') as ShopPlatform, ...outcome.shop, bindId: bindId ?? '' })
    : { status: 'fail', message: outcome.message };
  const run = runIdOf(runId);
  if (run !== null) void runs.ended(run, ...endingOfBind(result, failedStep));
  // One bind per start: a reload of the shop page does not bind again, and the bind id is spent.
  await writeData({ [KEYS.shopStatus]: result.status, [KEYS.shopMessage]: result.message, [KEYS.startBindShop]: false });
  await removeData([KEYS.bindId]);
  try {
    if (session.consoleTabId !== null) await focusTab(session.consoleTabId);
    // The shop tab was opened for the bind; after a failure it stays, so the user can look at the page.
    if (result.status === 'success' && shopTab?.id !== undefined) await chrome.tabs.remove(shopTab.id);
  } catch (error) {
    console.warn('[plug-in] could not return to the console tab', error);
  }
  return result;
}

/** What the console's pages ask; a shop page only reports the end of its bind. */
const CONSOLE_REQUESTS: ReadonlySet<WorkerRequest['kind']> = new Set(['token', 'set', 'get', 'clean', 'refreshScripts']);

async function handle(request: WorkerRequest, sender: chrome.runtime.MessageSender): Promise<WorkerAnswers[WorkerRequest['kind']]> {
  if (CONSOLE_REQUESTS.has(request.kind) && !isConsoleOrigin(originOf(sender))) {
    throw new Error(`${request.kind} from ${originOf(sender)}, not the console ${CONSOLE_ORIGIN}`);
  }
  switch (request.kind) {
    case 'token':
      await writeSession({ token: request.token });
      if (request.token) void pollConsole();
      return { ok: true };
    case 'refreshScripts':
      await refreshScripts();
      return { ok: true };
    case 'set':
      await settingInOrder(() => setValues(request.values, sender));
      return { ok: true };
    case 'get':
      return { values: await readData(request.keys) };
    case 'clean':
      // 清除插件缓存 clears the cached scripts and release check too; the next login or flow fetches them again.
      await removeData(ALL_DATA_KEYS);
      await chrome.storage.local.remove([SCRIPT_SET_KEY, RELEASE_CHECK_KEY]);
      return { ok: true };
    case 'bindFinished':
      return finishBind(request.outcome, request.failedStep, sender.tab);
    case 'runBegan':
      await runs.began(checkedRunId(request.runId), sender.tab?.id ?? null, sanitizedScripts(request.scripts));
      return { ok: true };
    case 'runItem': {
      const item = sanitizedItem(request);
      if (item) await runs.item(checkedRunId(request.runId), item.productId, item.outcome, item.reason);
      return { ok: true };
    }
    case 'flowControls':
      if (!(PAUSABLE_FLOWS as readonly unknown[]).includes(request.flow) || typeof request.platform !== 'string') {
        throw new Error(`flowControls of ${String(request.flow)}`);
      }
      return flowControls(request.flow, request.platform, request.take === true);
    case 'runEnded':
      await runs.ended(checkedRunId(request.runId), sanitizedEnding(request.ending), sanitizedStep(request.failedStep));
      return { ok: true };
  }
}

chrome.runtime.onMessage.addListener((request: WorkerRequest, sender, sendResponse) => {
  if (sender.id !== chrome.runtime.id) return false;
  handle(request, sender).then(sendResponse, (error) => {
    console.error('[plug-in] request failed', request.kind, error);
    sendResponse(request.kind === 'clean' ? { ok: false } : undefined);
  });
  return true; // answers asynchronously
});

// The bridge keeps a port open to notice when the extension goes away (it then tells the console 'end').
chrome.runtime.onConnect.addListener(() => {});

// Scripts and the latest release: on start, then periodically.
void chrome.alarms?.create(POLL_ALARM, { periodInMinutes: POLL_PERIOD_MINUTES });
chrome.alarms?.onAlarm.addListener((alarm) => {
  if (alarm.name === POLL_ALARM) void pollConsole();
});
chrome.runtime.onStartup.addListener(() => void pollConsole());
// A run's page closed before it ended: the run ends as stopped (its reports still go).
chrome.tabs.onRemoved.addListener((tabId) => void runs.tabClosed(tabId));
void pollConsole();
