/**
 * What `plugin/latestRelease` last answered for this plug-in's version, kept in chrome.storage.local:
 * the worker writes it, the bridge (content script on the console) reads it and tells the console
 * (`release`, docs/plugin-protocol.md).
 */
import type { PluginLatestRelease } from '#contract/api/plugin';

/** Not a plug-in data key (the console can not read or set it); `clean` removes it with the data. */
export const RELEASE_CHECK_KEY = 'plugin-release-check';

export interface StoredReleaseCheck {
  /** The plug-in version that asked: a check made by another version (before an update) is stale. */
  version: string;
  etag: string | null;
  answer: PluginLatestRelease;
  checkedAt: string;
}

export const ownVersion = () => chrome.runtime.getManifest().version;

/** The last check for this plug-in's own version, or null. */
export function currentCheck(stored: unknown): StoredReleaseCheck | null {
  const check = stored as StoredReleaseCheck | undefined;
  return check && check.version === ownVersion() ? check : null;
}

export async function readReleaseCheck(): Promise<StoredReleaseCheck | null> {
  const stored = await chrome.storage.local.get(RELEASE_CHECK_KEY);
  return currentCheck(stored[RELEASE_CHECK_KEY]);
}

export const writeReleaseCheck = (check: StoredReleaseCheck) => chrome.storage.local.set({ [RELEASE_CHECK_KEY]: check });
