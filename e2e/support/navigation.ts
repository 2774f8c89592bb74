/**
 * Moving between screens inside the page, as a menu link does, and waiting for a screen's data.
 * A full load of the console costs about 1.2 s and 2 s of the machine's CPU more than a move in the
 * page (measured on the built console, 12 of demo_admin's screens: 31 s against 18 s), so the
 * specs that walk many screens move in the page (screens audit, developer console).
 */
import { expect, type Page, type Request } from '@playwright/test';

/**
 * Counts the page's requests still under way (fetches and lazily loaded chunks), leaving out the
 * notification stream (an EventSource is open as long as the page is).
 */
export function trackRequests(page: Page): () => number {
  let inFlight = 0;
  const counted = (request: Request) => request.resourceType() !== 'eventsource';
  page.on('request', (request) => counted(request) && (inFlight += 1));
  page.on('requestfinished', (request) => counted(request) && (inFlight -= 1));
  page.on('requestfailed', (request) => counted(request) && (inFlight -= 1));
  return () => inFlight;
}

/**
 * How long no request may have been under way. Each check first waits for a frame the page painted
 * and the turn after it, where React runs the effects that ask for a screen's data: a page still
 * rendering holds the check back, so the window only has to cover the short gaps between chained
 * requests (a lazily loaded chunk, then its screen's data), not a render on a slow machine.
 */
const QUIET_MS = 150;
const SETTLE_LIMIT_MS = 30_000;

/**
 * The marks of a screen still loading its data. A list's 查询 button is loading (and drawn at 65 %
 * opacity, which axe reads as too little contrast) while its table loads; a picture taken first
 * used to give it the time to end, so the audits wait for it themselves.
 */
export const LOADING = '.ant-spin-spinning, .ant-skeleton-active, .ant-pro-table-list-toolbar-loading, .ant-btn-loading';

/** Resolves after the page painted a frame and ran what was queued behind it. */
const afterNextFrame = (page: Page) =>
  page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)))));

/** Waits until no request has been under way for QUIET_MS and no spinner or skeleton is left. */
export async function settle(page: Page, inFlight: () => number) {
  const deadline = Date.now() + SETTLE_LIMIT_MS;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    await afterNextFrame(page);
    if (inFlight() > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= QUIET_MS) break;
  }
  await expect(page.locator(LOADING)).toHaveCount(0, { timeout: 20_000 });
}

/** Moves to `path` inside the page, as a menu link does (umi's history reacts to popstate). */
export async function navigate(page: Page, path: string) {
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
  const target = new URL(path, 'http://console');
  await expect(page).toHaveURL((url) => url.pathname === target.pathname && (!target.search || url.search === target.search));
}
