/** Screenshots of every screen the tests visit, by name, in test-results/screenshots/. */
import path from 'node:path';
import type { Page } from '@playwright/test';

export const SCREENSHOT_DIR = path.resolve(__dirname, '..', '..', 'test-results', 'screenshots');

/**
 * Whether the audits keep a picture of each screen. They are for a person at this machine; a CI run
 * (`CI` set) leaves them out unless `E2E_PICTURES=1`, as each costs a resize, a capture and a PNG
 * encode (docs/testing.md › Time). The waits before a picture still run: the checks read the same
 * settled page either way.
 */
export const KEEP_PICTURES = process.env.E2E_PICTURES ? process.env.E2E_PICTURES !== '0' : !process.env.CI;

/** Longest wait for the page's motions to end; a toast or spinner never blocks the picture. */
const SETTLE_LIMIT_MS = 2_000;

/**
 * Resolves once web fonts are in and no antd motion is running: no element in an rc-motion
 * enter / appear / leave step, and no finite CSS animation or transition still playing.
 *
 * The screenshot itself then leaves the page's animations alone. Playwright's
 * `animations: 'disabled'` finishes them behind rc-motion's back, and a button whose loading
 * icon was leaving at that moment kept the icon (width 0, named "loading") for good.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(async (limit) => {
    await document.fonts.ready;
    const motionStep =
      '[class*="-enter-active"],[class*="-appear-active"],[class*="-leave-active"],[class*="-motion-leave"],[class*="-motion-appear"]';
    // Only what the picture shows. antd's button loading icon, shown and hidden within a frame (a
    // fast answer), stays in its leave step for good at width 0 and opacity 0 (a transition from 0
    // to 0 never ends); waiting for it cost 2 s of every second picture.
    const shown = (element: Element | null | undefined) => {
      if (!element?.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0;
    };
    const busy = () =>
      [...document.querySelectorAll(motionStep)].some(shown) ||
      document.getAnimations().some((animation) => {
        const effect = animation.effect as KeyframeEffect | null;
        const end = effect?.getComputedTiming().endTime;
        return animation.playState === 'running' && typeof end === 'number' && Number.isFinite(end) && shown(effect?.target);
      });
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 30)));
    const deadline = performance.now() + limit;
    // Two quiet checks in a row: rc-motion moves through its steps one frame at a time.
    let quiet = 0;
    while (quiet < 2 && performance.now() < deadline) {
      await frame();
      quiet = busy() ? 0 : quiet + 1;
    }
  }, SETTLE_LIMIT_MS);
}

/**
 * Waits for fonts and settled motions, then takes a screenshot `<name>.png` of the whole page
 * (in `folder`, test-results/screenshots/ by default).
 * A page taller than the window is taken in a window as tall as the page (then the window is
 * put back): a full-page capture of the short window would cut the fixed side menu and the
 * layout's fixed background at the window's height, which no user ever sees.
 */
export async function screenshot(page: Page, name: string, folder = SCREENSHOT_DIR): Promise<string> {
  const file = path.join(folder, `${name.replace(/[^\w.-]+/g, '_')}.png`);
  await settled(page);
  if (!KEEP_PICTURES) return file;
  const viewport = page.viewportSize();
  const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  if (!viewport || pageHeight <= viewport.height) {
    await page.screenshot({ path: file });
    return file;
  }
  await page.setViewportSize({ width: viewport.width, height: pageHeight });
  try {
    await settled(page);
    await page.screenshot({ path: file, fullPage: true });
  } finally {
    await page.setViewportSize(viewport);
  }
  return file;
}
