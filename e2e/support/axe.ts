/**
 * axe-core run in the page under audit. The source (the minified build) is put in each document
 * once and stays there while the screens audit moves inside the page; @axe-core/playwright put all
 * 1.5 MB of it in again for every check and ran axe.finishRun in a new blank page (for cross-origin
 * frames), which made 3 s of every 3.5 s check. The console has no frames, so axe looks at the
 * top document only.
 */
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

declare global {
  interface Window {
    axe?: typeof import('axe-core');
  }
}

/** axe.run on the whole document, or within the elements `include` selects. */
export async function runAxe(page: Page, options: RunOptions, include?: string): Promise<AxeResults> {
  if (!(await page.evaluate(() => window.axe !== undefined))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    ([options, include]) => window.axe!.run(include ? { include: [include] } : document, { ...options, iframes: false }),
    [options, include] as const,
  );
}
