/**
 * `npm run bench:page`: page load in headless Chromium, measured from the network (CDP
 * Network.loadingFinished encodedDataLength = bytes on the wire, headers included).
 *
 *   1. /login, cold cache                      → until the login form is interactive
 *   2. log in as demo_member from that page    → until the home greeting is visible (in-app navigation)
 *   3. /client/home, cold cache, logged in     → until the home greeting is visible
 *   4. each screen of the menus, first visit after 首页 (in-app navigation from a loaded
 *      /client/home, each in a fresh context) → the new JS and CSS chunks it loads, gzip-sized
 *   5. 首页 for staff (数据看板) after 会员中心, as demo_admin → the chunks it loads until a chart is
 *      drawn (budget ≤ 200 KB gzip: the dashboard with its charts)
 *
 *   6. the floor (bench/support/floorApp.ts: a bare Umi Max app with one antd form and the console's
 *      build flags), cold → until its form takes typing; then /login, a member's 首页
 *      and the staff 首页 (until its first card; whether the charts' code came after the first
 *      paint) as ratios of the floor's scripts (gzip level 6 of dist/) and time until usable. Goals:
 *      /login ≤ 1.15×, a member's 首页 ≤ 2.5×, the staff 首页 ≤ 3.5×.
 *
 * For each: bytes on the wire by resource type, request count, time until usable (median of RUNS
 * runs) and until the network is quiet (the notification stream, open as long as the page, aside). Budgets: /login JavaScript ≤ 230 KB on the wire; no screen's
 * first visit after 首页 loads more than 250 KB gzip of new chunks (each chunk gzip-compressed from
 * dist/ at level 6, so the figure does not depend on the encoding the browser negotiated).
 *
 * Starts the built product (`node scripts/start.mjs`, which builds the console when dist/ is stale) on
 * a free port with a fresh PGlite folder and the demo accounts, or uses BASE_URL (a product started
 * with CONSOLE_DEMO=1). RUNS (default 3), CHROMIUM_PATH (default /usr/bin/chromium).
 * BENCH_COMPARE_PLAIN=1 also builds the console without its module substitutions (the colour
 * stand-in of antd's button, the ProField value types left out or loaded late: .umirc.ts,
 * CONSOLE_PLAIN_BUILD=1) into a scratch folder, serves it from a second product and prints the same
 * figures side by side: what the substitutions save.
 * A benchmark: it prints figures and does not fail on a missed budget.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test';
import { flattenMenus, type MenuNode } from '#contract/capabilities';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '#contract/demoAccounts';
import { startProduct, type RunningProduct } from '../e2e/support/product';
import { buildFloor, FLOOR_INPUT_PLACEHOLDER, serveStatic } from './support/floorApp';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const RUNS = Math.max(1, Number(process.env.RUNS ?? 3));
const LOGIN_JS_BUDGET_KB = 230;
const SCREEN_CHUNKS_BUDGET_KB = 250;
const DIST = path.resolve('dist');
const KB = 1024;
const QUIET_MS = 500;
const { username } = DEMO_ACCOUNTS.member;

type Group = 'document' | 'script' | 'stylesheet' | 'font' | 'image' | 'api' | 'other';
const GROUPS: Group[] = ['document', 'script', 'stylesheet', 'font', 'image', 'api', 'other'];

function groupOf(type: string | undefined, url: string): Group {
  if (new URL(url).pathname.startsWith('/api/')) return 'api';
  switch (type) {
    case 'Document':
      return 'document';
    case 'Script':
      return 'script';
    case 'Stylesheet':
      return 'stylesheet';
    case 'Font':
      return 'font';
    case 'Image':
      return 'image';
    default:
      return 'other';
  }
}

interface Entry {
  url: string;
  type?: string;
  status?: number;
  bytes: number;
  done: boolean;
  failed?: string;
}

/** Records every request of a page through CDP. */
class NetworkTally {
  entries = new Map<string, Entry>();
  lastActivity = Date.now();

  static async attach(page: Page): Promise<NetworkTally> {
    const tally = new NetworkTally();
    const cdp: CDPSession = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    cdp.on('Network.requestWillBeSent', (event) => {
      if (event.request.url.startsWith('data:')) return;
      tally.lastActivity = Date.now();
      // A redirect reuses the request id: keep the bytes of the hop before.
      const previous = tally.entries.get(event.requestId);
      tally.entries.set(event.requestId, { url: event.request.url, type: event.type, bytes: previous?.bytes ?? 0, done: false });
    });
    cdp.on('Network.responseReceived', (event) => {
      const entry = tally.entries.get(event.requestId);
      if (!entry) return;
      entry.type = event.type;
      entry.status = event.response.status;
      tally.lastActivity = Date.now();
    });
    cdp.on('Network.loadingFinished', (event) => {
      const entry = tally.entries.get(event.requestId);
      if (!entry) return;
      entry.bytes += event.encodedDataLength;
      entry.done = true;
      tally.lastActivity = Date.now();
    });
    cdp.on('Network.loadingFailed', (event) => {
      const entry = tally.entries.get(event.requestId);
      if (!entry) return;
      entry.done = true;
      entry.failed = event.errorText;
      tally.lastActivity = Date.now();
    });
    return tally;
  }

  reset() {
    this.entries.clear();
    this.lastActivity = Date.now();
  }

  /**
   * Resolves once nothing is in flight and nothing happened for QUIET_MS. The notification stream
   * (an EventSource) stays open as long as the page: it never counts as in flight.
   */
  async quiet(timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const inFlight = [...this.entries.values()].some((entry) => !entry.done && entry.type !== 'EventSource');
      if (!inFlight && Date.now() - this.lastActivity >= QUIET_MS) return;
      if (Date.now() > deadline) throw new Error('the network did not go quiet');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  summary() {
    const byGroup = Object.fromEntries(GROUPS.map((group) => [group, { requests: 0, bytes: 0 }])) as Record<
      Group,
      { requests: number; bytes: number }
    >;
    for (const entry of this.entries.values()) {
      const group = groupOf(entry.type, entry.url);
      byGroup[group].requests += 1;
      byGroup[group].bytes += entry.bytes;
    }
    const failed = [...this.entries.values()].filter((entry) => entry.failed || (entry.status ?? 0) >= 400);
    return {
      byGroup,
      requests: this.entries.size,
      bytes: [...this.entries.values()].reduce((sum, entry) => sum + entry.bytes, 0),
      failed: failed.map((entry) => `${entry.status ?? entry.failed} ${new URL(entry.url).pathname}`),
    };
  }
}

interface Measure {
  usableMs: number;
  quietMs: number;
  tally: ReturnType<NetworkTally['summary']>;
}

async function time(tally: NetworkTally, act: () => Promise<unknown>, usable: () => Promise<unknown>): Promise<Measure> {
  tally.reset();
  const start = Date.now();
  await act();
  await usable();
  const usableMs = Date.now() - start;
  await tally.quiet();
  // The quiet period itself is not load time.
  const quietMs = Math.max(usableMs, tally.lastActivity - start);
  return { usableMs, quietMs, tally: tally.summary() };
}

const loginFormReady = async (page: Page) => {
  const input = page.getByPlaceholder('用户名或邮箱');
  await input.waitFor({ state: 'visible', timeout: 30_000 });
  await page.getByRole('button', { name: /^登\s*录$/ }).waitFor({ state: 'visible' });
  // Interactive: typing works (React has mounted the controlled form).
  await input.fill(username, { timeout: 30_000 });
};

const greetingVisible = (page: Page) =>
  page.getByRole('heading', { name: new RegExp(`，${username}$`) }).waitFor({ state: 'visible', timeout: 30_000 });

async function apiLogin(baseURL: string, user: string = username) {
  const response = await fetch(`${baseURL}/api/admin/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: user, password: DEMO_PASSWORD }),
  });
  const body = (await response.json()) as { isSuccess: boolean; msg: string; content: Record<string, unknown> };
  if (!body.isSuccess) throw new Error(`login ${user} failed: ${body.msg}`);
  return body.content as { token: string; expires: number; username: string; email: string; membership: unknown };
}

async function runOnce(browser: Browser, baseURL: string) {
  // 1 + 2: /login cold, then log in from it.
  const context = await browser.newContext({ baseURL, locale: 'zh-CN' });
  const page = await context.newPage();
  const tally = await NetworkTally.attach(page);
  const login = await time(
    tally,
    () => page.goto('/login', { waitUntil: 'commit' }),
    () => loginFormReady(page),
  );
  const loginScripts = scriptGzip(tally, DIST);
  const home = await time(
    tally,
    async () => {
      await page.getByPlaceholder('密码', { exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: /^登\s*录$/ }).click();
    },
    () => greetingVisible(page),
  );
  await context.close();

  // 3: /client/home cold, with a session already in the tab.
  const coldContext = await contextWithSession(browser, baseURL, await apiLogin(baseURL));
  const coldPage = await coldContext.newPage();
  const coldTally = await NetworkTally.attach(coldPage);
  const coldHome = await time(
    coldTally,
    () => coldPage.goto('/client/home', { waitUntil: 'commit' }),
    () => greetingVisible(coldPage),
  );
  await coldContext.close();
  return { login, home, coldHome, loginScripts, coldHomeScripts: scriptGzip(coldTally, DIST) };
}

type Session = Awaited<ReturnType<typeof apiLogin>>;

/** A fresh browser context whose tab already holds `session` (as the console stores it after a login). */
async function contextWithSession(browser: Browser, baseURL: string, session: Session) {
  const context = await browser.newContext({ baseURL, locale: 'zh-CN' });
  await context.addInitScript(
    (values) => {
      for (const [key, value] of Object.entries(values)) sessionStorage.setItem(key, value);
    },
    {
      token: session.token,
      expires: String(session.expires),
      username: session.username,
      email: session.email,
      membership: JSON.stringify(session.membership),
    },
  );
  return context;
}

/** The page menus a demo account sees (its server menu tree), as console paths. */
async function screensOf(baseURL: string, session: Session): Promise<string[]> {
  const response = await fetch(`${baseURL}/api/admin/account/getMenus`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  const body = (await response.json()) as { content: MenuNode[] };
  return flattenMenus(body.content)
    .filter(
      (node) =>
        node.kind !== 'action' &&
        node.kind !== 'directory' &&
        node.visible !== false &&
        node.url.startsWith('/client/') &&
        node.url !== '/client/home',
    )
    .map((node) => node.url);
}

/** The gzip size of a chunk the console built (`dist`), or its bytes on the wire when it is not there. */
function gzipSize(dist: string, url: string, wireBytes: number): number {
  const file = path.join(dist, new URL(url).pathname);
  if (!file.startsWith(dist) || !fs.existsSync(file)) return wireBytes;
  return zlib.gzipSync(fs.readFileSync(file), { level: 6 }).length;
}

interface ScreenWeight {
  screen: string;
  account: string;
  chunks: number;
  gzipBytes: number;
  /** Each new chunk's file name and gzip size, heaviest first. */
  files: Array<{ name: string; gzipBytes: number }>;
}

/**
 * The first visit of `screen` after 首页: /client/home loaded and quiet, then an in-app navigation
 * (history.pushState + popstate, as a menu click does through the router); the JS and CSS it loads.
 */
async function firstVisitAfterHome(
  browser: Browser,
  baseURL: string,
  dist: string,
  session: Session,
  screen: string,
): Promise<ScreenWeight> {
  const context = await contextWithSession(browser, baseURL, session);
  const page = await context.newPage();
  const tally = await NetworkTally.attach(page);
  await page.goto('/client/home');
  await page.getByRole('heading', { name: new RegExp(`，${session.username}$`) }).waitFor({ state: 'visible', timeout: 30_000 });
  await tally.quiet();
  tally.reset();
  await page.evaluate((url) => {
    window.history.pushState({}, '', url);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, screen);
  await tally.quiet();
  await context.close();
  return chunkWeight(tally, dist, screen, session.username);
}

/** The JS and CSS chunks the tally saw, each gzip-sized from dist/, heaviest first. */
function chunkWeight(tally: NetworkTally, dist: string, screen: string, account: string): ScreenWeight {
  const chunks = [...tally.entries.values()].filter((entry) => ['Script', 'Stylesheet'].includes(entry.type ?? ''));
  const files = chunks
    .map((entry) => ({ name: path.basename(new URL(entry.url).pathname), gzipBytes: gzipSize(dist, entry.url, entry.bytes) }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { screen, account, chunks: chunks.length, gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0), files };
}

/** The gzip size (level 6, from `dist`) of the scripts a tally saw: the same measure for the console and the floor. */
function scriptGzip(tally: NetworkTally, dist: string): number {
  return [...tally.entries.values()]
    .filter((entry) => entry.type === 'Script')
    .reduce((sum, entry) => sum + gzipSize(dist, entry.url, entry.bytes), 0);
}

interface PageFigure {
  usableMs: number;
  scriptGzip: number;
  requests: number;
}

/** A string every echarts build keeps through minification (the attribute it marks a chart's element with). */
const ECHARTS_MARKER = '_echarts_instance_';

/** The floor app (bench/support/floorApp.ts), cold, until its form takes typing. */
async function floorOnce(browser: Browser, baseURL: string, dist: string): Promise<PageFigure> {
  const context = await browser.newContext({ baseURL, locale: 'zh-CN' });
  const page = await context.newPage();
  const tally = await NetworkTally.attach(page);
  const measure = await time(
    tally,
    () => page.goto('/', { waitUntil: 'commit' }),
    () => page.getByPlaceholder(FLOOR_INPUT_PLACEHOLDER).fill(username, { timeout: 30_000 }),
  );
  await context.close();
  return { usableMs: measure.usableMs, scriptGzip: scriptGzip(tally, dist), requests: measure.tally.requests };
}

/**
 * 首页 for staff, cold with a session, until its first figure card shows; then until a chart is
 * drawn. Also the scripts that started after the first contentful paint (the charts' code should be
 * among them, not in the way of the first paint).
 */
async function staffHomeCold(browser: Browser, baseURL: string, dist: string) {
  const session = await apiLogin(baseURL, DEMO_ACCOUNTS.superAdmin.username);
  const context = await contextWithSession(browser, baseURL, session);
  const page = await context.newPage();
  const tally = await NetworkTally.attach(page);
  const measure = await time(
    tally,
    () => page.goto('/client/home', { waitUntil: 'commit' }),
    () => page.locator('[data-testid="dashboard"] .ant-statistic').first().waitFor({ state: 'visible', timeout: 30_000 }),
  );
  await page.locator('[data-testid="dashboard"] canvas').first().waitFor({ state: 'visible', timeout: 30_000 });
  await tally.quiet();
  const timing = await page.evaluate(() => ({
    firstPaint: performance.getEntriesByType('paint').find((entry) => entry.name === 'first-contentful-paint')?.startTime ?? 0,
    scripts: performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.endsWith('.js'))
      .map((entry) => ({ url: entry.name, startTime: entry.startTime })),
  }));
  await context.close();
  const late = timing.scripts.filter((script) => script.startTime > timing.firstPaint);
  const chartFile = late
    .map((script) => path.join(dist, new URL(script.url).pathname))
    .find((file) => fs.existsSync(file) && fs.readFileSync(file, 'utf8').includes(ECHARTS_MARKER));
  return {
    usableMs: measure.usableMs,
    scriptGzip: scriptGzip(tally, dist),
    requests: tally.summary().requests,
    afterFirstPaintGzip: late.reduce((sum, script) => sum + gzipSize(dist, script.url, 0), 0),
    chartsAfterFirstPaint: chartFile !== undefined,
  };
}

/** The console's pages against the floor, as ratios of their script weight and of their time until usable. */
function reportAgainstFloor(floor: PageFigure, pages: Array<{ label: string; figure: PageFigure; goal: number }>) {
  console.log(`\nAgainst the floor (a bare Umi Max app with one antd form and the console's build flags; scripts gzip level 6 of dist/)`);
  console.log(
    `  ${'page'.padEnd(44)}${'scripts'.padStart(11)}${'×floor'.padStart(8)}${'goal'.padStart(7)}${'usable'.padStart(10)}${'×floor'.padStart(8)}`,
  );
  const line = (label: string, figure: PageFigure, goal?: number) => {
    const ratio = figure.scriptGzip / floor.scriptGzip;
    const verdict = goal === undefined ? '' : ratio <= goal ? '  within' : '  OVER';
    console.log(
      `  ${label.padEnd(44)}${kb(figure.scriptGzip).padStart(11)}${ratio.toFixed(2).padStart(8)}${(goal === undefined ? '' : `≤${goal}`).padStart(7)}` +
        `${`${figure.usableMs} ms`.padStart(10)}${(figure.usableMs / floor.usableMs).toFixed(2).padStart(8)}${verdict}`,
    );
  };
  line('the floor: its form, cold', floor);
  for (const page of pages) line(page.label, page.figure, page.goal);
}

async function screenWeights(browser: Browser, baseURL: string, dist = DIST): Promise<ScreenWeight[]> {
  const weights: ScreenWeight[] = [];
  const seen = new Set<string>();
  for (const role of ['member', 'salesperson', 'operator', 'superAdmin'] as const) {
    const session = await apiLogin(baseURL, DEMO_ACCOUNTS[role].username);
    for (const screen of await screensOf(baseURL, session)) {
      if (seen.has(screen)) continue;
      seen.add(screen);
      weights.push(await firstVisitAfterHome(browser, baseURL, dist, session, screen));
    }
  }
  return weights;
}

/** The dashboard's budget (issue 15): 首页 for staff, its own chunk with the charts', ≤ 200 KB gzip. */
const DASHBOARD_CHUNKS_BUDGET_KB = 200;

/**
 * 首页 for staff (数据看板): demo_admin on 会员中心, then an in-app navigation to 首页 until a chart
 * is drawn; the JS and CSS it loads (the Home page's chunk, the dashboard's and the charts').
 */
async function staffHomeWeight(browser: Browser, baseURL: string, dist = DIST): Promise<ScreenWeight> {
  const session = await apiLogin(baseURL, DEMO_ACCOUNTS.superAdmin.username);
  const context = await contextWithSession(browser, baseURL, session);
  const page = await context.newPage();
  const tally = await NetworkTally.attach(page);
  await page.goto('/client/memberCenter');
  await page.locator('.ant-page-header-heading-title').waitFor({ state: 'visible', timeout: 30_000 });
  await tally.quiet();
  tally.reset();
  await page.evaluate(() => {
    window.history.pushState({}, '', '/client/home');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await page.locator('[data-testid="dashboard"] canvas').first().waitFor({ state: 'visible', timeout: 30_000 });
  await tally.quiet();
  await context.close();
  return chunkWeight(tally, dist, '/client/home (数据看板)', session.username);
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

function report(title: string, runs: Measure[], usableLabel: string) {
  const first = runs[0].tally;
  console.log(`\n${title}`);
  console.log(`  ${'type'.padEnd(12)}${'requests'.padStart(9)}${'on the wire'.padStart(14)}`);
  for (const group of GROUPS) {
    const { requests, bytes } = first.byGroup[group];
    if (requests) console.log(`  ${group.padEnd(12)}${String(requests).padStart(9)}${kb(bytes).padStart(14)}`);
  }
  console.log(`  ${'total'.padEnd(12)}${String(first.requests).padStart(9)}${kb(first.bytes).padStart(14)}`);
  const usable = runs.map((run) => run.usableMs);
  const quiet = runs.map((run) => run.quietMs);
  console.log(`  ${usableLabel}: ${median(usable)} ms median (${usable.join(', ')} ms over ${runs.length} runs)`);
  console.log(`  network quiet after: ${median(quiet)} ms median`);
  const totals = new Set(runs.map((run) => run.tally.bytes));
  if (totals.size > 1) console.log(`  (bytes varied between runs: ${[...totals].map(kb).join(', ')}; the table shows run 1)`);
  if (first.failed.length) console.log(`  failed or non-OK requests: ${first.failed.join('; ')}`);
}

/** `max build` without the module substitutions, moved to a scratch folder (dist/ is rebuilt by the product's start). */
function buildPlain(): string {
  console.log('[bench:page] building the console without its module substitutions (CONSOLE_PLAIN_BUILD=1)…');
  const build = spawnSync(process.execPath, [path.resolve('node_modules/@umijs/max/bin/max.js'), 'build'], {
    env: { ...process.env, CONSOLE_PLAIN_BUILD: '1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) throw new Error('the plain build failed');
  const plain = fs.mkdtempSync(path.join(os.tmpdir(), 'console-plain-dist-'));
  fs.cpSync(DIST, plain, { recursive: true });
  fs.rmSync(DIST, { recursive: true, force: true });
  return plain;
}

/** Login JavaScript and the heaviest first visits, with and without the substitutions. */
async function comparePlain(browser: Browser, plainDist: string, built: { loginJs: number; weights: ScreenWeight[] }) {
  const product = await startProduct({ label: 'console-bench-plain', env: { LOG_LEVEL: 'warn', STATIC_DIR: plainDist } });
  try {
    const plainLogin = (await runOnce(browser, product.baseURL)).login.tally.byGroup.script.bytes;
    const plainWeights = await screenWeights(browser, product.baseURL, plainDist);
    const byScreen = new Map(plainWeights.map((weight) => [weight.screen, weight.gzipBytes]));
    console.log('\nWhat the module substitutions save (BENCH_COMPARE_PLAIN=1): built as shipped vs. built plain');
    console.log(`  ${'figure'.padEnd(44)}${'shipped'.padStart(11)}${'plain'.padStart(11)}${'saved'.padStart(11)}`);
    const line = (label: string, shipped: number, plain: number) =>
      console.log(`  ${label.padEnd(44)}${kb(shipped).padStart(11)}${kb(plain).padStart(11)}${kb(plain - shipped).padStart(11)}`);
    line('/login JavaScript on the wire', built.loginJs, plainLogin);
    for (const weight of [...built.weights].sort((a, b) => b.gzipBytes - a.gzipBytes).slice(0, 5)) {
      line(`${weight.screen} after 首页 (gzip)`, weight.gzipBytes, byScreen.get(weight.screen) ?? 0);
    }
  } finally {
    await product.stop();
    fs.rmSync(plainDist, { recursive: true, force: true });
  }
}

async function main() {
  let product: RunningProduct | undefined;
  let baseURL = process.env.BASE_URL?.replace(/\/$/, '');
  const plainDist = process.env.BENCH_COMPARE_PLAIN === '1' && !baseURL ? buildPlain() : undefined;
  if (!baseURL) {
    console.log('[bench:page] starting the product (node scripts/start.mjs; builds the console if dist/ is stale)…');
    product = await startProduct({ label: 'console-bench-page', env: { LOG_LEVEL: 'warn' } });
    baseURL = product.baseURL;
  }
  console.log(`[bench:page] ${baseURL}, Chromium ${CHROMIUM_PATH}, ${RUNS} run(s), cold cache per run`);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  try {
    // One unmeasured run warms the server (first requests, PGlite caches), not the browser: each run uses a fresh context.
    await runOnce(browser, baseURL);
    const runs: Array<Awaited<ReturnType<typeof runOnce>>> = [];
    for (let run = 0; run < RUNS; run += 1) runs.push(await runOnce(browser, baseURL));

    console.log(`\nChromium ${browser.version()}; KB = 1024 bytes; bytes on the wire include HTTP headers.`);
    report(
      '/login (cold cache)',
      runs.map((run) => run.login),
      'usable (login form interactive)',
    );
    report(
      `/client/home after logging in as ${username} on /login (in-app navigation, warm cache)`,
      runs.map((run) => run.home),
      'usable (greeting visible)',
    );
    report(
      `/client/home loaded cold with a session (${username})`,
      runs.map((run) => run.coldHome),
      'usable (greeting visible)',
    );

    const weights = await screenWeights(browser, baseURL);
    console.log(
      `\nFirst visit of each screen after 首页 (new JS + CSS chunks, gzip level 6 of dist/; budget ≤ ${SCREEN_CHUNKS_BUDGET_KB} KB each)`,
    );
    console.log(`  ${'screen'.padEnd(40)}${'account'.padEnd(16)}${'chunks'.padStart(7)}${'gzip'.padStart(11)}`);
    for (const weight of [...weights].sort((a, b) => b.gzipBytes - a.gzipBytes)) {
      const flag = weight.gzipBytes > SCREEN_CHUNKS_BUDGET_KB * KB ? '  OVER BUDGET' : '';
      console.log(
        `  ${weight.screen.padEnd(40)}${weight.account.padEnd(16)}${String(weight.chunks).padStart(7)}${kb(weight.gzipBytes).padStart(11)}${flag}`,
      );
      if (flag || process.env.BENCH_CHUNKS === '1')
        for (const file of weight.files) console.log(`      ${kb(file.gzipBytes).padStart(10)}  ${file.name}`);
    }
    const heaviest = Math.max(...weights.map((weight) => weight.gzipBytes));
    console.log(`  heaviest ${kb(heaviest)}: ${heaviest <= SCREEN_CHUNKS_BUDGET_KB * KB ? 'within budget' : 'OVER BUDGET'}`);

    const staff = await staffHomeWeight(browser, baseURL);
    const staffVerdict = staff.gzipBytes <= DASHBOARD_CHUNKS_BUDGET_KB * KB ? 'within budget' : 'OVER BUDGET';
    console.log(
      `\n${staff.screen} after 会员中心 (${staff.account}): ${staff.chunks} chunks, ${kb(staff.gzipBytes)} gzip — budget ≤ ${DASHBOARD_CHUNKS_BUDGET_KB} KB: ${staffVerdict}`,
    );
    for (const file of staff.files) console.log(`      ${kb(file.gzipBytes).padStart(10)}  ${file.name}`);

    const loginJs = runs[0].login.tally.byGroup.script.bytes;
    const verdict = loginJs <= LOGIN_JS_BUDGET_KB * KB ? 'within budget' : 'OVER BUDGET';
    console.log(
      `\nBudget: /login JavaScript on the wire ${kb(loginJs)} (${loginJs} bytes = ${(loginJs / 1000).toFixed(1)} kB decimal) — ` +
        `budget ≤ ${LOGIN_JS_BUDGET_KB} KB (${LOGIN_JS_BUDGET_KB * KB} bytes): ${verdict}`,
    );

    console.log('\n[bench:page] building the floor app (bench/support/floorApp.ts)…');
    const floorDist = buildFloor(path.resolve('.'));
    const floorServer = await serveStatic(floorDist);
    try {
      await floorOnce(browser, floorServer.baseURL, floorDist);
      const floorRuns: PageFigure[] = [];
      for (let run = 0; run < RUNS; run += 1) floorRuns.push(await floorOnce(browser, floorServer.baseURL, floorDist));
      const floor = { ...floorRuns[0], usableMs: median(floorRuns.map((run) => run.usableMs)) };
      const staffRuns = [];
      for (let run = 0; run < RUNS; run += 1) staffRuns.push(await staffHomeCold(browser, baseURL, DIST));
      const staffCold = { ...staffRuns[0], usableMs: median(staffRuns.map((run) => run.usableMs)) };
      const figure = (pick: (run: (typeof runs)[number]) => Measure, scripts: (run: (typeof runs)[number]) => number): PageFigure => ({
        usableMs: median(runs.map((run) => pick(run).usableMs)),
        scriptGzip: scripts(runs[0]),
        requests: pick(runs[0]).tally.requests,
      });
      reportAgainstFloor(floor, [
        {
          label: '/login, cold',
          figure: figure(
            (run) => run.login,
            (run) => run.loginScripts,
          ),
          goal: 1.15,
        },
        {
          label: `member 首页 (${username}), cold`,
          figure: figure(
            (run) => run.coldHome,
            (run) => run.coldHomeScripts,
          ),
          goal: 2.5,
        },
        { label: 'staff 首页 (数据看板), cold, until a card', figure: staffCold, goal: 3.5 },
      ]);
      const beforePaint = staffCold.scriptGzip - staffCold.afterFirstPaintGzip;
      console.log(
        `  staff 首页: ${kb(staffCold.afterFirstPaintGzip)} of its scripts started after the first contentful paint, ` +
          `the charts' code ${staffCold.chartsAfterFirstPaint ? 'among them' : 'NOT among them (it holds up the first paint)'}; ` +
          `${kb(beforePaint)} before it (${(beforePaint / floor.scriptGzip).toFixed(2)}× the floor)`,
      );
    } finally {
      await floorServer.stop();
      fs.rmSync(path.dirname(floorDist), { recursive: true, force: true });
    }
    if (plainDist) await comparePlain(browser, plainDist, { loginJs, weights });
  } finally {
    await browser.close();
    await product?.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
