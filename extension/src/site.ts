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
import { askWorker } from './messages';
import { onDataChange, readData } from './store';
import { bindShopProblem } from '#contract/scriptSandbox';
import { SCRIPT_SITE_RULES } from './consoleOrigin';
import { runActionScript } from './scripts/interpreter';
import { chooseScript, readScriptSet } from './scripts/scriptSet';
import type { ScriptFlow } from '#contract/pluginScripts';

async function scriptFor(flow: ScriptFlow) {
  const set = await readScriptSet();
  return set ? chooseScript(set.scripts, flow, location.href, document) : null;
}

/** The bind by a script: the shop it read, its failure (naming the step), or null when it went to another page. */
async function bindByScript(choice: NonNullable<Awaited<ReturnType<typeof scriptFor>>>, shopType: string): Promise<BindOutcome | null> {
  const outcome = await runActionScript(choice.script, document, { data: { [KEYS.shopType]: shopType }, sites: SCRIPT_SITE_RULES });
  if (outcome.openedUrl) return null;
  if (outcome.status === 'fail') return { ok: false, message: outcome.message || `脚本「${choice.name}」报告失败` };
  const { shopId, shopName, shopRegion } = outcome.results;
  if (!shopId || !shopName) return { ok: false, message: `脚本「${choice.name}」未读取到店铺 ID 或名称` };
  // Nothing read from the page leaves it but the shop, and only in the shape of a shop (contract/scriptSandbox.ts).
  const problem = bindShopProblem(outcome.results);
  if (problem) return { ok: false, message: `脚本「${choice.name}」${problem}` };
  return { ok: true, shop: { externalId: shopId, name: shopName, region: shopRegion ?? '' } };
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
  const outcome = await bindByScript(choice, shopType ?? '');
  if (outcome) await askWorker({ kind: 'bindFinished', outcome });
  return true;
}

/** The creator programme by scripts (join and stop), or false when no join script matches this page. */
async function runScriptedCreator(): Promise<boolean> {
  const join = await scriptFor('join');
  if (!join) return false;
  const stop = await scriptFor('stop');
  const apply = async () => {
    const data = await readData([KEYS.runJoinCreator, KEYS.productIdList, KEYS.url]);
    const ids = data[KEYS.productIdList] ?? [];
    if (data[KEYS.runJoinCreator] && ids.length) {
      const outcome = await runActionScript(join.script, document, {
        data: { [KEYS.productIdList]: ids, [KEYS.url]: data[KEYS.url] ?? '' },
        sites: SCRIPT_SITE_RULES,
      });
      if (outcome.status === 'fail') console.warn('[plug-in] join script', join.name, 'failed:', outcome.message);
    } else if (stop) {
      const outcome = await runActionScript(stop.script, document, { data: {}, sites: SCRIPT_SITE_RULES });
      if (outcome.status === 'fail') console.warn('[plug-in] stop script', stop.name, 'failed:', outcome.message);
    }
  };
  onDataChange([KEYS.runJoinCreator, KEYS.productIdList], () => void apply());
  await apply();
  return true;
}

async function runBind(adapter: ShopAdapter) {
  const { [KEYS.shopType]: shopType } = await readData([KEYS.shopType]);
  const outcome: BindOutcome = await adapter.bind(document, { shopType: shopType ?? '' }).catch((error) => {
    console.warn('[plug-in] adapter', adapter.name, 'failed', error);
    return { ok: false, message: '店铺绑定失败' };
  });
  await askWorker({ kind: 'bindFinished', outcome });
}

async function runCreator(adapter: CreatorAdapter) {
  const apply = async () => {
    const data = await readData([KEYS.runJoinCreator, KEYS.productIdList]);
    const ids = data[KEYS.productIdList] ?? [];
    if (data[KEYS.runJoinCreator] && ids.length) await adapter.join(document, ids);
    else adapter.stop(document);
  };
  onDataChange([KEYS.runJoinCreator, KEYS.productIdList], () => void apply());
  await apply();
}

async function bindIfStarted() {
  if (!(await bindStarted())) return;
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
