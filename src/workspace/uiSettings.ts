/**
 * The console's appearance, chosen in the settings drawer (界面设置) and kept per browser in
 * localStorage: theme, compact mode, layout mode, the tab bar, the primary colour. A small store
 * (read, save, subscribe) that React reads with useSyncExternalStore; other tabs of the browser
 * follow a change through the `storage` event.
 */
import { useSyncExternalStore } from 'react';
import { DEFAULT_PRIMARY, PRIMARY_PRESETS, type PrimaryPreset, type ThemeMode } from '@/theme';
import { UI_SETTINGS_KEY } from './themeBoot';
import { keepStored, readStored } from '@/utils/browserStorage';

export { UI_SETTINGS_KEY };

export const LAYOUT_MODES = ['mix', 'side', 'top'] as const;
export type LayoutMode = (typeof LAYOUT_MODES)[number];
export const THEME_MODES: readonly ThemeMode[] = ['light', 'dark'];

export interface UiSettings {
  theme: ThemeMode;
  compact: boolean;
  layout: LayoutMode;
  /** The bar of open pages (多页签) above the content. */
  tabs: boolean;
  primary: PrimaryPreset;
}

export const DEFAULT_UI_SETTINGS: UiSettings = { theme: 'light', compact: false, layout: 'mix', tabs: true, primary: DEFAULT_PRIMARY };

const oneOf = <T>(allowed: readonly T[], value: unknown, fallback: T): T => (allowed.includes(value as T) ? (value as T) : fallback);

/** The settings stored as `raw`; anything missing, unknown or unreadable takes its default. */
export function parseUiSettings(raw: string | null): UiSettings {
  let stored: Partial<Record<keyof UiSettings, unknown>> = {};
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (parsed && typeof parsed === 'object') stored = parsed;
  } catch {
    // a hand-edited or foreign value: the defaults
  }
  const d = DEFAULT_UI_SETTINGS;
  return {
    theme: oneOf(THEME_MODES, stored.theme, d.theme),
    compact: typeof stored.compact === 'boolean' ? stored.compact : d.compact,
    layout: oneOf(LAYOUT_MODES, stored.layout, d.layout),
    tabs: typeof stored.tabs === 'boolean' ? stored.tabs : d.tabs,
    primary: oneOf(Object.keys(PRIMARY_PRESETS) as PrimaryPreset[], stored.primary, d.primary),
  };
}

let current: UiSettings | undefined;
const listeners = new Set<() => void>();

export function readUiSettings(): UiSettings {
  current ??= parseUiSettings(readStored(UI_SETTINGS_KEY));
  return current;
}

function publish(next: UiSettings) {
  current = next;
  listeners.forEach((listener) => listener());
}

/** Changes some settings, keeps them in the browser and tells every reader. */
export function saveUiSettings(change: Partial<UiSettings>): UiSettings {
  const next = parseUiSettings(JSON.stringify({ ...readUiSettings(), ...change }));
  keepStored(UI_SETTINGS_KEY, JSON.stringify(next));
  publish(next);
  return next;
}

/** Another tab of this browser saved a change. */
function onStorage(event: StorageEvent) {
  if (event.key === UI_SETTINGS_KEY) publish(parseUiSettings(event.newValue));
}

export function subscribeUiSettings(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

export function useUiSettings(): UiSettings {
  return useSyncExternalStore(subscribeUiSettings, readUiSettings);
}

/** Forgets the cached value (tests: the next read takes localStorage again). */
export function resetUiSettingsCache(): void {
  current = undefined;
}
