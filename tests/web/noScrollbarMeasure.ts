/**
 * rc-table measures the scrollbar at every render with getComputedStyle, which jsdom answers by
 * matching every rule antd's CSS-in-JS has injected: about a third of a table screen's test time
 * (pluginRuns.test.tsx). jsdom lays nothing out, so the measure is always 0 there: answer 0 directly.
 * (Its own setup file: jest.mock's hoisting sends a file through babel, which refuses setup.ts's
 * type-only imports.)
 */
jest.mock('rc-util/lib/getScrollBarSize', () => ({
  __esModule: true,
  default: () => 0,
  getTargetScrollBarSize: () => ({ width: 0, height: 0 }),
}));
