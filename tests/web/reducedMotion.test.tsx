/**
 * A system that asks for reduced motion (prefers-reduced-motion: reduce) gets a console without
 * antd's motions, and the console follows a change of that setting while it is open.
 */
import { act, render, screen } from '@testing-library/react';
import { ConfigProvider, theme } from 'antd';
import { useContext } from 'react';
import ThemedRoot from '@/workspace/ThemedRoot';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- jest.mock factories run before imports
jest.mock('@umijs/max', () => require('./support/umiRouter').memoryUmi());

/** A stand-in for the system setting: matchMedia answers it and tells its listeners of a change. */
function systemMotionSetting(reduce: boolean) {
  const listeners = new Set<() => void>();
  const original = window.matchMedia;
  window.matchMedia = ((media: string) => ({
    get matches() {
      return media === '(prefers-reduced-motion: reduce)' && reduce;
    },
    media,
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  })) as unknown as typeof window.matchMedia;
  return {
    change(next: boolean) {
      reduce = next;
      listeners.forEach((listener) => listener());
    },
    restore: () => (window.matchMedia = original),
  };
}

/** Whether antd animates: the theme's motion token and the buttons' click wave. */
function MotionShown() {
  const { token } = theme.useToken();
  const { wave } = useContext(ConfigProvider.ConfigContext);
  return <p>{token.motion && !wave?.disabled ? 'motion' : token.motion || !wave?.disabled ? 'some motion' : 'no motion'}</p>;
}

/** The console's root with the system setting `reduce` at first; `check` runs with the setting, which is restored after. */
function withConsole(reduce: boolean, check: (setting: ReturnType<typeof systemMotionSetting>) => void) {
  const setting = systemMotionSetting(reduce);
  try {
    render(
      <ThemedRoot>
        <MotionShown />
      </ThemedRoot>,
    );
    check(setting);
  } finally {
    setting.restore();
  }
}

test('the console has motions by default, none once the system asks for reduced motion, and motions again after', () => {
  withConsole(false, (setting) => {
    expect(screen.getByText('motion')).toBeTruthy();
    act(() => setting.change(true));
    expect(screen.getByText('no motion')).toBeTruthy();
    act(() => setting.change(false));
    expect(screen.getByText('motion')).toBeTruthy();
  });
});

test('a system that asks for reduced motion from the start never sees one', () => {
  withConsole(true, () => expect(screen.getByText('no motion')).toBeTruthy());
});
