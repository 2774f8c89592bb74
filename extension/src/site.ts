/// <reference types="chrome" />
/**
 * Content script on shop and creator pages: runs the bind (when the console started one) or the
 * creator programme (in the tab named join-creator-page) with the action script a link script
 * chooses for this page (docs/plugin-scripts.md); the built-in site adapters are the fallback
 * when no script matches.
 */
import { JOIN_CREATOR_TAB_NAME } from '#contract/constants';
import { PLUGIN_DATA_KEYS as KEYS } from '#contract/pluginProtocol';
import { CREATOR_ADAPTERS, SHOP_ADAPTERS } from './adapters';
import type { BindOutcome, CreatorAdapter, ShopAdapter } from './adapters/types';
import { BIND_START_WAIT_MS } from './flowTiming';
import { askWorker, type WorkerRequest } from './messages';
import { runIdOf } from './runInput';
import type { RunEnding } from '#contract/runs';
import { onDataChange, readData } from './store';
import { bindShopProblem } from '#contract/scriptSandbox';
import { SCRIPT_SITE_RULES } from './consoleOrigin';
import { runActionScript, type RunOptions } from './scripts/interpreter';
import { chooseScript, readScriptSet } from './scripts/scriptSet';
import { joinGate } from './runControls';
import type { ScriptFlow } from '#contract/pluginScripts';

async function scriptFor(flow: ScriptFlow) {
  const set = await readScriptSet();
  return set ? chooseScript(set.scripts, flow, location.href, document) : null;
}

type Choice = NonNullable<Awaited<ReturnType<typeof scriptFor>>>;

/** The run the console started for the flow this page runs (`run-id`), or null: then nothing is reported. */
async function currentRun(): Promise<number | null> {
  const { [KEYS.runId]: runId } = await readData([KEYS.runId]);
  return runIdOf(runId);
}

const appliedRuns = new Set<string>();

/**
 * Whether this page has not applied the run `runId` yet (and now has): the page's load and the run
 * id's change can both see a new run, which must run once (two interpreters on one page would type
 * into each other's steps). Without a run id (an older console), the flags decide, as before.
 */
function firstTimeFor(runId: string | undefined): boolean {
  if (runId === undefined) return true;
  if (appliedRuns.has(runId)) return false;
  appliedRuns.add(runId);
  return true;
}

/** Tells the worker about a run; a lost report never stops the flow itself. */
const tell = (request: WorkerRequest) =>
  askWorker(request).catch((error: unknown) => console.warn('[plug-in] run report', request.kind, error));

/**
 * The bind by a script: the shop it read, or its failure (naming the step) with the step's place;
 * null when it went to another page.
 */
async function bindByScript(choice: Choice, shopType: string): Promise<Extract<WorkerRequest, { kind: 'bindFinished' }> | null> {
  const outcome = await runActionScript(choice.script, document, { data: { [KEYS.shopType]: shopType }, sites: SCRIPT_SITE_RULES });
  if (outcome.openedUrl) return null;
  const failed = (message: string) => ({
    kind: 'bindFinished' as const,
    outcome: { ok: false as const, message },
    failedStep: outcome.failedStep && { ...outcome.failedStep, scriptId: choice.scriptId },
  });
  if (outcome.status === 'fail') return failed(outcome.message || `脚本「${choice.name}」报告失败`);
  const { shopId, shopName, shopRegion } = outcome.results;
  if (!shopId || !shopName) return failed(`脚本「${choice.name}」未读取到店铺 ID 或名称`);
  // Nothing read from the page leaves it but the shop, and only in the shape of a shop (contract/scriptSandbox.ts).
  const problem = bindShopProblem(outcome.results);
  if (problem) return failed(`脚本「${choice.name}」${problem}`);
  return { kind: 'bindFinished', outcome: { ok: true, shop: { externalId: shopId, name: shopName, region: shopRegion ?? '' } } };
}

/**
 * Whether the console has started a bind. Its flag can land just after this page loads (see
 * flowTiming.ts), so a page that finds none waits for it a little while. The worker stores the
 * newest scripts before the flag, so the scripts read after it are the ones to run.
 */
function bindStarted(): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (started: boolean) => {
      if (settled) return;
      settled = true;
      stopListening();
      clearTimeout(timer);
      resolve(started);
    };
    const stopListening = onDataChange([KEYS.startBindShop], (changed) => {
      if (changed[KEYS.startBindShop] === true) finish(true);
    });
    const timer = setTimeout(() => finish(false), BIND_START_WAIT_MS);
    void readData([KEYS.startBindShop]).then((data) => {
      if (data[KEYS.startBindShop]) finish(true);
    });
  });
}

/** A started bind by the script a link chooses for this page, or false when none matches. */
async function runScriptedBind(): Promise<boolean> {
  const choice = await scriptFor('bind');
  if (!choice) return false;
  const { [KEYS.shopType]: shopType } = await readData([KEYS.shopType]);
  const runId = await currentRun();
  if (runId !== null) await tell({ kind: 'runBegan', runId, scripts: choice.ran });
  const finished = await bindByScript(choice, shopType ?? '');
  if (finished) await askWorker(finished);
  return true;
}

/** How a page's run ended, as the run ledger records it; `stopReason`: why it stopped, when staff's controls stopped it. */
function endingOf(
  outcome: Awaited<ReturnType<typeof runActionScript>>,
  choice: Choice,
  stopReason: string | null,
): Pick<Extract<WorkerRequest, { kind: 'runEnded' }>, 'ending' | 'failedStep'> {
  if (outcome.status === 'stopped') return { ending: 'stopped', ...(stopReason ? { failedStep: { message: stopReason } } : {}) };
  if (outcome.status === 'success') return { ending: 'succeeded' };
  // The step is the action script's: its health counts the failure (script/health).
  return { ending: 'failed', failedStep: { ...outcome.failedStep, message: outcome.message || '脚本报告失败', scriptId: choice.scriptId } };
}

/** Runs `choice` as run `runId` (if the console started one): its scripts, each product's turn, its end. */
async function runReported(choice: Choice, runId: number | null, data: RunOptions['data'], gate?: ReturnType<typeof joinGate>) {
  if (runId !== null) await tell({ kind: 'runBegan', runId, scripts: choice.ran });
  const outcome = await runActionScript(choice.script, document, {
    data,
    sites: SCRIPT_SITE_RULES,
    beforeItem: gate?.beforeItem,
    onItem: (productId, itemOutcome, reason) =>
      runId === null ? undefined : tell({ kind: 'runItem', runId, productId, outcome: itemOutcome, reason }).then(() => undefined),
  });
  if (outcome.status === 'fail') console.warn('[plug-in] script', choice.name, 'failed:', outcome.message);
  if (runId !== null) await tell({ kind: 'runEnded', runId, ...endingOf(outcome, choice, gate?.stopReason() ?? null) });
}

/** The creator programme by scripts (join and stop), or false when no join script matches this page. */
async function runScriptedCreator(): Promise<boolean> {
  const join = await scriptFor('join');
  if (!join) return false;
  const stop = await scriptFor('stop');
  const apply = async () => {
    const data = await readData([KEYS.runJoinCreator, KEYS.productIdList, KEYS.url, KEYS.runId, KEYS.shopType]);
    if (!firstTimeFor(data[KEYS.runId])) return;
    const ids = data[KEYS.productIdList] ?? [];
    const runId = runIdOf(data[KEYS.runId]);
    if (data[KEYS.runJoinCreator] && ids.length) {
      const gate = joinGate({
        // A stop (or a new join) changes the flag or the run id: this run stops before its next product.
        stillOurs: async () => {
          const now = await readData([KEYS.runJoinCreator, KEYS.runId]);
          return now[KEYS.runJoinCreator] === true && now[KEYS.runId] === data[KEYS.runId];
        },
        controls: (take) => askWorker({ kind: 'flowControls', flow: 'join', platform: data[KEYS.shopType] ?? '', take }),
        now: () => Date.now(),
        sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      });
      await runReported(join, runId, { [KEYS.productIdList]: ids, [KEYS.url]: data[KEYS.url] ?? '' }, gate);
    } else if (stop) {
      await runReported(stop, runId, {});
    } else if (runId !== null) {
      // No stop script for this page: stopping is the flag the join reads before each product.
      await tell({ kind: 'runBegan', runId, scripts: [] });
      await tell({ kind: 'runEnded', runId, ending: 'succeeded' });
    }
  };
  // The console sets the run id with the flow's last value: each new run is applied once (firstTimeFor).
  onDataChange([KEYS.runId], () => void apply());
  await apply();
  return true;
}

async function runBind(adapter: ShopAdapter) {
  const { [KEYS.shopType]: shopType } = await readData([KEYS.shopType]);
  const runId = await currentRun();
  if (runId !== null) await tell({ kind: 'runBegan', runId, scripts: [] });
  const outcome: BindOutcome = await adapter.bind(document, { shopType: shopType ?? '' }).catch((error) => {
    console.warn('[plug-in] adapter', adapter.name, 'failed', error);
    return { ok: false, message: '店铺绑定失败' };
  });
  await askWorker({ kind: 'bindFinished', outcome });
}

/** The built-in adapter's creator programme: it takes the list whole, so its run has no item outcomes. */
async function runCreator(adapter: CreatorAdapter) {
  const apply = async () => {
    const data = await readData([KEYS.runJoinCreator, KEYS.productIdList, KEYS.runId]);
    if (!firstTimeFor(data[KEYS.runId])) return;
    const ids = data[KEYS.productIdList] ?? [];
    const runId = runIdOf(data[KEYS.runId]);
    if (runId !== null) await tell({ kind: 'runBegan', runId, scripts: [] });
    let ending: RunEnding = 'succeeded';
    try {
      if (data[KEYS.runJoinCreator] && ids.length) await adapter.join(document, ids);
      else adapter.stop(document);
    } catch (error) {
      console.warn('[plug-in] adapter', adapter.name, 'failed', error);
      ending = 'failed';
    }
    if (runId !== null) await tell({ kind: 'runEnded', runId, ending });
  };
  onDataChange([KEYS.runId], () => void apply());
  await apply();
}

/** A bind staff paused (the console refuses one too; this holds for a console page opened before the pause): its words. */
async function bindPaused(): Promise<string | null> {
  const { [KEYS.shopType]: shopType } = await readData([KEYS.shopType]);
  return (await askWorker({ kind: 'flowControls', flow: 'bind', platform: shopType ?? '' })).stop;
}

async function bindIfStarted() {
  if (!(await bindStarted())) return;
  const paused = await bindPaused();
  if (paused) {
    await askWorker({ kind: 'bindFinished', outcome: { ok: false, message: paused } });
    return;
  }
  if (await runScriptedBind()) return;
  const shopAdapter = SHOP_ADAPTERS.find((adapter) => adapter.detect(document, location));
  if (shopAdapter) await runBind(shopAdapter);
}

async function creatorIfOurTab() {
  // Only the console's creator tab runs the programme, not any creator page the user has open.
  if (window.name !== JOIN_CREATOR_TAB_NAME || (await runScriptedCreator())) return;
  const creatorAdapter = CREATOR_ADAPTERS.find((adapter) => adapter.detect(document, location));
  if (creatorAdapter) await runCreator(creatorAdapter);
}

// The creator programme does not wait behind a bind that may start.
for (const flow of [bindIfStarted, creatorIfOurTab]) flow().catch((error) => console.warn('[plug-in]', error));
