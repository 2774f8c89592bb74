/**
 * `npm run bench:a11y`: Lighthouse's accessibility score (desktop preset) of /login, /, /news and
 * /client/home (logged in as demo_member), each with the audits it fails. Exits 1 when a page
 * scores under 95 (issue 18).
 *
 * Starts the built product (`node scripts/start.mjs`, which builds the console when dist/ is stale)
 * on a free port with a fresh PGlite folder and the demo accounts, or uses BASE_URL (a product
 * started with CONSOLE_DEMO=1). The browser is the tests' Chromium (CHROMIUM_PATH, default
 * /usr/bin/chromium, headless, --no-sandbox --disable-gpu), opened on a debugging port that
 * Lighthouse's own command line connects to. That runs in plain Node: tsx's transform would give
 * Lighthouse's functions a `__name` helper, and Lighthouse runs some of them in the page from their
 * source text, where the helper does not exist. Lighthouse 12.8.2 is pinned: 13 needs Node 22.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium, type BrowserContext } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '#contract/demoAccounts';
import { ROOT, startProduct, type RunningProduct } from '../e2e/support/product';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../playwright.config';
import { freePort } from '../scripts/lib/freePort';

const A11Y_TARGET = 95;
const HOME = '/client/home';
const PUBLIC_PAGES = ['/login', '/', '/news'];
const LIGHTHOUSE_CLI = path.join(ROOT, 'node_modules', 'lighthouse', 'cli', 'index.js');
const NODES_SHOWN = 5;

interface Audit {
  id: string;
  title: string;
  score: number | null;
  details?: { items?: Array<{ node?: { selector?: string; snippet?: string } }> };
}

interface Report {
  finalDisplayedUrl: string;
  runtimeError?: { message: string };
  categories: { accessibility: { score: number | null; auditRefs: Array<{ id: string; weight: number }> } };
  audits: Record<string, Audit>;
}

interface PageResult {
  path: string;
  score: number;
  failing: string[];
}

/**
 * Logs demo_member in with 记住我 in the browser's own profile: the token is kept in localStorage,
 * so the tab Lighthouse opens restores the session (Lighthouse keeps the storage: --disable-storage-reset).
 */
async function logIn(context: BrowserContext, baseURL: string) {
  const page = await context.newPage();
  await page.goto(`${baseURL}/login`);
  await page.getByPlaceholder('用户名或邮箱').fill(DEMO_ACCOUNTS.member.username);
  await page.getByPlaceholder('密码', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('checkbox', { name: '记住我' }).check();
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL(`${baseURL}${HOME}`);
  await page.close();
}

/** The page's score (0–100) and the audits it fails, each with its first nodes. */
async function audit(url: string, port: number): Promise<Omit<PageResult, 'path'>> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      LIGHTHOUSE_CLI,
      url,
      `--port=${port}`,
      '--preset=desktop',
      '--only-categories=accessibility',
      '--disable-storage-reset',
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      '--no-enable-error-reporting',
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const report = JSON.parse(stdout) as Report;
  if (report.runtimeError) throw new Error(`Lighthouse on ${url}: ${report.runtimeError.message}`);
  // A redirect (首页 without its session goes to /login) would score another page.
  const shown = new URL(report.finalDisplayedUrl).pathname;
  if (shown !== new URL(url).pathname) throw new Error(`Lighthouse on ${url} ended on ${shown}`);
  const category = report.categories.accessibility;
  const failing = category.auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => report.audits[ref.id])
    .filter((item) => item.score !== null && item.score < 1)
    .map((item) => {
      const nodes = (item.details?.items ?? [])
        .slice(0, NODES_SHOWN)
        .map((entry) => `      ${entry.node?.selector ?? ''}  ${entry.node?.snippet ?? ''}`);
      return [`    ${item.id}: ${item.title}`, ...nodes].join('\n');
    });
  return { score: Math.round((category.score ?? 0) * 100), failing };
}

async function main() {
  let product: RunningProduct | undefined;
  let baseURL = process.env.BASE_URL?.replace(/\/$/, '');
  if (!baseURL) {
    console.log('[bench:a11y] starting the product (node scripts/start.mjs; builds the console if dist/ is stale)…');
    product = await startProduct({ label: 'console-bench-a11y', env: { LOG_LEVEL: 'warn' } });
    baseURL = product.baseURL;
  }
  const port = await freePort();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'console-a11y-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
    headless: true,
  });
  const results: PageResult[] = [];
  try {
    // The public pages as a visitor sees them (/login sends a session on to 首页), then 首页.
    for (const pagePath of PUBLIC_PAGES) results.push({ path: pagePath, ...(await audit(`${baseURL}${pagePath}`, port)) });
    await logIn(context, baseURL);
    results.push({ path: HOME, ...(await audit(`${baseURL}${HOME}`, port)) });
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
    await product?.stop();
  }

  console.log(`\nLighthouse accessibility, desktop (target ≥ ${A11Y_TARGET}), ${baseURL}`);
  for (const { path: pagePath, score, failing } of results) {
    console.log(`  ${pagePath.padEnd(14)}${String(score).padStart(4)}${score < A11Y_TARGET ? '  UNDER TARGET' : ''}`);
    for (const line of failing) console.log(line);
  }
  const under = results.filter((result) => result.score < A11Y_TARGET).map((result) => result.path);
  if (under.length) {
    console.log(`\nunder ${A11Y_TARGET}: ${under.join(', ')}`);
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
