/** The plug-in data keys (docs/plugin-protocol.md) in chrome.storage.local, typed. */
import { PLUGIN_DATA_KEYS, type PluginData, type PluginDataKey } from '#contract/pluginProtocol';

export const ALL_DATA_KEYS = Object.values(PLUGIN_DATA_KEYS) as PluginDataKey[];

export function readData<K extends PluginDataKey>(keys: readonly K[]): Promise<Partial<Pick<PluginData, K>>> {
  return chrome.storage.local.get<Partial<Pick<PluginData, K>>>([...keys]);
}

export const writeData = (values: Partial<PluginData>) => chrome.storage.local.set(values);

export const removeData = (keys: readonly PluginDataKey[]) => chrome.storage.local.remove([...keys]);

/** Calls `listener` when one of `keys` changes in chrome.storage.local. */
export function onDataChange(keys: readonly PluginDataKey[], listener: (changed: Partial<PluginData>) => void): () => void {
  const onChanged = (changes: Record<string, chrome.storage.StorageChange>, area: string) => {
    if (area !== 'local') return;
    const changed: Record<string, unknown> = {};
    for (const key of keys) if (key in changes) changed[key] = changes[key].newValue;
    if (Object.keys(changed).length) listener(changed);
  };
  chrome.storage.onChanged.addListener(onChanged);
  return () => chrome.storage.onChanged.removeListener(onChanged);
}
