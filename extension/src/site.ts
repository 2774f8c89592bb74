/// <reference types="chrome" />
/**
 * Content script on shop and creator pages: finds the site adapter for this page and runs the
 * bind (when the console started one) or the creator programme (in the tab named join-creator-page).
 */
import { JOIN_CREATOR_TAB_NAME } from '#contract/constants';
import { PLUGIN_DATA_KEYS as KEYS } from '#contract/pluginProtocol';
import { CREATOR_ADAPTERS, SHOP_ADAPTERS } from './adapters';
import type { BindOutcome, CreatorAdapter, ShopAdapter } from './adapters/types';
import { askWorker } from './messages';
import { onDataChange, readData } from './store';

async function runBind(adapter: ShopAdapter) {
  const data = await readData([KEYS.startBindShop, KEYS.shopType]);
  if (!data[KEYS.startBindShop]) return;
  const outcome: BindOutcome = await adapter.bind(document, { shopType: data[KEYS.shopType] ?? '' }).catch((error) => {
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

async function main() {
  const shopAdapter = SHOP_ADAPTERS.find((adapter) => adapter.detect(document, location));
  if (shopAdapter) await runBind(shopAdapter);
  // Only the console's creator tab runs the programme, not any creator page the user has open.
  if (window.name === JOIN_CREATOR_TAB_NAME) {
    const creatorAdapter = CREATOR_ADAPTERS.find((adapter) => adapter.detect(document, location));
    if (creatorAdapter) await runCreator(creatorAdapter);
  }
}

main().catch((error) => console.warn('[plug-in]', error));
