/**
 * 界面设置's store: defaults, what a stored value may say, saving, readers told of a change, another
 * tab's change followed; and the first paint's head script that applies the kept dark theme
 * exactly as the console does afterwards.
 */
import { act, render, screen } from '@testing-library/react';
import { applyDocumentTheme, isThemedPath, THEME_BOOT_SCRIPT } from '@/workspace/themeBoot';
import {
  DEFAULT_UI_SETTINGS,
  parseUiSettings,
  readUiSettings,
  resetUiSettingsCache,
  saveUiSettings,
  UI_SETTINGS_KEY,
  useUiSettings,
} from '@/workspace/uiSettings';

beforeEach(() => resetUiSettingsCache());

describe('parseUiSettings', () => {
  test('nothing stored, or something unreadable: the defaults (light, mix, tabs on)', () => {
    expect(parseUiSettings(null)).toEqual(DEFAULT_UI_SETTINGS);
    expect(parseUiSettings('{not json')).toEqual(DEFAULT_UI_SETTINGS);
    expect(parseUiSettings('"dark"')).toEqual(DEFAULT_UI_SETTINGS);
    expect(DEFAULT_UI_SETTINGS).toMatchObject({ theme: 'light', layout: 'mix', tabs: true, compact: false, primary: 'blue' });
  });

  test('each known value is kept, each unknown one takes its default', () => {
    expect(parseUiSettings(JSON.stringify({ theme: 'dark', compact: true, layout: 'top', tabs: false, primary: 'green' }))).toEqual({
      theme: 'dark',
      compact: true,
      layout: 'top',
      tabs: false,
      primary: 'green',
    });
    expect(parseUiSettings(JSON.stringify({ theme: 'sepia', compact: 'yes', layout: 'left', tabs: 1, primary: '#ff0000' }))).toEqual(
      DEFAULT_UI_SETTINGS,
    );
  });
});

describe('the store', () => {
  test('a saved change is kept in localStorage and read back after a reload', () => {
    saveUiSettings({ theme: 'dark', layout: 'side' });
    expect(JSON.parse(localStorage.getItem(UI_SETTINGS_KEY)!)).toMatchObject({ theme: 'dark', layout: 'side', tabs: true });
    resetUiSettingsCache(); // a reload
    expect(readUiSettings()).toMatchObject({ theme: 'dark', layout: 'side' });
  });

  test('readers re-render on a change, here and from another tab of the browser', () => {
    function Reader() {
      const { theme, tabs } = useUiSettings();
      return <span>{`${theme} ${tabs ? 'tabs' : 'no-tabs'}`}</span>;
    }
    render(<Reader />);
    expect(screen.getByText('light tabs')).toBeInTheDocument();
    act(() => void saveUiSettings({ tabs: false }));
    expect(screen.getByText('light no-tabs')).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: UI_SETTINGS_KEY, newValue: JSON.stringify({ theme: 'dark', tabs: true }) }));
    });
    expect(screen.getByText('dark tabs')).toBeInTheDocument();
  });
});

describe('the first paint', () => {
  const root = document.documentElement;
  const runBootScript = (path: string) => {
    window.history.replaceState(null, '', path);
    applyDocumentTheme('light');
    // The same text the build puts in the document's head.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- runs the head script's text as the browser would
    new Function(THEME_BOOT_SCRIPT)();
  };
  const documentTheme = () => ({
    attribute: root.getAttribute('data-theme'),
    scheme: root.style.colorScheme,
    background: root.style.backgroundColor,
  });

  afterEach(() => applyDocumentTheme('light'));

  test('a kept dark theme darkens a console page before the console runs, as the console itself does', () => {
    saveUiSettings({ theme: 'dark' });
    runBootScript('/client/orderList?status=paid');
    const fromScript = documentTheme();
    expect(fromScript).toEqual({ attribute: 'dark', scheme: 'dark', background: 'rgb(0, 0, 0)' });
    applyDocumentTheme('light');
    applyDocumentTheme('dark');
    expect(documentTheme()).toEqual(fromScript);
  });

  test('the light theme, a public page or an unreadable value stay light', () => {
    saveUiSettings({ theme: 'light' });
    runBootScript('/client/home');
    expect(documentTheme().attribute).toBeNull();
    saveUiSettings({ theme: 'dark' });
    runBootScript('/login');
    expect(documentTheme().attribute).toBeNull();
    runBootScript('/clientele');
    expect(documentTheme().attribute).toBeNull();
    localStorage.setItem(UI_SETTINGS_KEY, '{broken');
    expect(() => runBootScript('/client/home')).not.toThrow();
    expect(documentTheme().attribute).toBeNull();
  });

  test('the console pages are the themed ones', () => {
    expect(isThemedPath('/client')).toBe(true);
    expect(isThemedPath('/client/system/usersManager')).toBe(true);
    expect(isThemedPath('/')).toBe(false);
    expect(isThemedPath('/news')).toBe(false);
  });
});
