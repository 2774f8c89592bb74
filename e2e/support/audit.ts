/**
 * The screens audit (e2e/screens-audit.spec.ts): open a screen or a dialog, wait for its data,
 * take its picture into test-results/screens/<viewport>/, and list what is wrong with it: layout
 * (./layoutAudit) and axe-core's violations of WCAG 2.1 AA and its best practices, at any impact.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page, type Response } from '@playwright/test';
import { runAxe } from './axe';
import { layoutProblems, measureLayout } from './layoutAudit';
import { LOADING } from './navigation';
import { screenshot } from './screens';

export const SCREENS_DIR = path.resolve(__dirname, '..', '..', 'test-results', 'screens');

/**
 * The windows every screen is pictured and laid out in. `axeEverywhere`: axe runs on every screen
 * at this width; in the other window only where the page is not the same document at both widths
 * (`PHONE_AXE_ROUTES` and each role's first screen, which carries the phone's own layout parts).
 */
const DEFAULT_VIEWPORTS = [
  { width: 1440, height: 900, axeEverywhere: true },
  { width: 390, height: 844, axeEverywhere: false },
];

/** Other windows on demand, layout and pictures only: SCREENS_VIEWPORTS=1280x800,1920x1080. */
function viewportsFrom(list: string | undefined): Array<{ width: number; height: number; axeEverywhere: boolean }> {
  if (!list) return DEFAULT_VIEWPORTS;
  return list.split(',').map((entry) => {
    const [width, height] = entry.trim().split('x').map(Number);
    if (!width || !height) throw new Error(`SCREENS_VIEWPORTS: "${entry}" is not <width>x<height>`);
    return { width, height, axeEverywhere: false };
  });
}

export const AUDIT_VIEWPORTS = viewportsFrom(process.env.SCREENS_VIEWPORTS);

/**
 * Screens whose markup changes with the window (`Grid.useBreakpoint`: 个人设置's tabs move on top):
 * axe checks them in the phone window too. Every other screen is the same document at 390 and
 * 1440, restyled; axe's rules read the document, so a second run found nothing.
 */
export const PHONE_AXE_ROUTES: ReadonlySet<string> = new Set(['/client/user']);

export const viewportName = (viewport: { width: number; height: number }) => `${viewport.width}x${viewport.height}`;

/**
 * What the console is held to: WCAG 2.1 A and AA, and axe's best practices (headings in order, one
 * h1, one banner, content in landmarks: what Lighthouse also reads). Every impact fails a screen.
 */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'best-practice'];
const SNIPPET_CHARS = 160;

/** A screen's name in file names and messages: '/client/system/rolesManager' → 'system-rolesManager'. */
export const screenName = (route: string) => route.replace(/^\/(client\/)?/, '').replace(/\//g, '-') || 'intro';

/** Opens a route and waits for its data: no request in flight, no spinner or skeleton left. Answers the document's response. */
export async function openScreen(page: Page, route: string): Promise<Response | null> {
  const response = await page.goto(route);
  await loaded(page);
  return response;
}

/** Waits for a screen the page just loaded: no request under way, no spinner or skeleton. */
export async function loaded(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator(LOADING)).toHaveCount(0, {
    timeout: 20_000,
  });
}

/** What axe checks: every rule of AXE_TAGS, or only the rules named (the dark pass: colour contrast). */
export interface AxeScope {
  axe?: boolean;
  axeRules?: string[];
}

/** axe violations of any impact within `scope` (the whole page by default), one line a node. */
export async function axeProblems(page: Page, scope?: string, rules?: string[]): Promise<string[]> {
  // Violations only: passes and incomplete results would double the time spent serialising.
  const runOnly = rules ? { type: 'rule' as const, values: rules } : { type: 'tag' as const, values: AXE_TAGS };
  const { violations } = await runAxe(page, { resultTypes: ['violations'], runOnly }, scope);
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact}) at ${node.target.join(' ')}: ${node.html.replace(/\s+/g, ' ').slice(0, SNIPPET_CHARS)}`,
    ),
  );
}

export interface ScreenReport {
  viewport: string;
  screen: string;
  layout: string[];
  axe: string[];
}

/** Pictures the page as it is now and audits its layout, and with axe unless told not to. */
export async function auditPage(page: Page, folder: string, name: string, { axe = true, axeRules }: AxeScope = {}): Promise<ScreenReport> {
  await screenshot(page, name, path.join(SCREENS_DIR, folder));
  // A list may load again after it settled (seen once with two workers on a busy machine): axe would
  // then read its 查询 button's loading state, drawn at 65 % opacity, as too little contrast.
  await expect(page.locator(LOADING)).toHaveCount(0, { timeout: 20_000 });
  return {
    viewport: folder,
    screen: name,
    layout: layoutProblems(await measureLayout(page)),
    axe: axe ? await axeProblems(page, undefined, axeRules) : [],
  };
}

const AUDITED_DIALOG = 'data-audited-dialog';

/** Pictures an open dialog with the page behind it, and audits the dialog alone. */
export async function auditDialog(
  page: Page,
  dialog: Locator,
  folder: string,
  name: string,
  { axe = true, axeRules }: AxeScope = {},
): Promise<ScreenReport> {
  await expect(dialog).toBeVisible();
  await page.waitForLoadState('networkidle');
  await screenshot(page, name, path.join(SCREENS_DIR, folder));
  await dialog.evaluate(
    (element, attribute) =>
      element.closest('.ant-modal-wrap, .ant-drawer')?.setAttribute(attribute, '') ?? element.setAttribute(attribute, ''),
    AUDITED_DIALOG,
  );
  const layout = layoutProblems(await measureLayout(page, `[${AUDITED_DIALOG}]`));
  return { viewport: folder, screen: name, layout, axe: axe ? await axeProblems(page, `[${AUDITED_DIALOG}]`, axeRules) : [] };
}

/** Every screen with a problem, one JSON line each, for a summary across roles and windows. */
export const PROBLEMS_FILE = path.join(SCREENS_DIR, 'problems.jsonl');

/**
 * Fails the test (softly: every screen is still visited) with each screen's problems by name,
 * and adds them to PROBLEMS_FILE.
 */
export function expectNoProblems(report: ScreenReport): void {
  if (report.layout.length + report.axe.length > 0) {
    fs.mkdirSync(SCREENS_DIR, { recursive: true });
    fs.appendFileSync(PROBLEMS_FILE, `${JSON.stringify(report)}\n`);
  }
  expect.soft(report.layout, `${report.screen}: layout`).toEqual([]);
  expect.soft(report.axe, `${report.screen}: axe`).toEqual([]);
}
