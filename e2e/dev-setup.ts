/**
 * Global setup of playwright.dev.config.ts: starts `max dev` (what `npm run dev` runs: the
 * development build and the umi mock endpoints) on 127.0.0.1 and a free port, waits until the
 * console's first bundle is compiled, and returns the teardown that stops it. Prints how long the
 * start and the first compile took. Skipped when E2E_BASE_URL points at a running `npm run dev`.
 *
 * With DEV_START_AFTER=<file> (npm test runs this step beside e2e, scripts/test-all.mjs), `max dev`
 * starts at the lowest priority, and the tests start once that file exists (e2e has ended).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { ROOT, startProduct } from './support/product';

const MAX = path.join(ROOT, 'node_modules', '@umijs', 'max', 'bin', 'max.js');
/** A cold start builds MFSU's dependency bundle first (minutes on two busy cores). */
const START_TIMEOUT_MS = 10 * 60_000;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The entry script: webpack-dev-middleware answers it once the first compile is done. */
async function waitForFirstCompile(baseURL: string) {
  const html = await (await fetch(`${baseURL}/login`)).text();
  const entry = /<script src="([^"]*umi[^"]*\.js)"/.exec(html)?.[1] ?? '/umi.js';
  const response = await fetch(new URL(entry, baseURL), { signal: AbortSignal.timeout(START_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`max dev: ${entry} answered ${response.status}`);
  await response.arrayBuffer();
}

export default async function devSetup(_config: FullConfig) {
  if (process.env.E2E_BASE_URL) {
    console.log(`[e2e dev] using the running dev server at ${process.env.E2E_BASE_URL}`);
    return undefined;
  }
  const started = Date.now();
  console.log('[e2e dev] starting max dev (npm run dev) …');
  const startAfter = process.env.DEV_START_AFTER;
  const dev = await startProduct({
    label: 'console-dev',
    command: [MAX, 'dev'],
    startTimeoutMs: START_TIMEOUT_MS,
    ...(startAfter ? { niceness: 19 } : {}),
  });
  const listening = Date.now();
  await waitForFirstCompile(dev.baseURL);
  console.log(
    `[e2e dev] max dev at ${dev.baseURL}: answering after ${seconds(listening - started)}, first compile done after ${seconds(Date.now() - started)}`,
  );
  if (startAfter) {
    const waited = Date.now();
    while (!fs.existsSync(startAfter)) await new Promise((resolve) => setTimeout(resolve, 500));
    console.log(`[e2e dev] waited ${seconds(Date.now() - waited)} for the step before to end`);
  }
  process.env.E2E_BASE_URL = dev.baseURL;
  return async () => {
    await dev.stop({ keepLogAt: path.join(ROOT, 'test-results', 'dev-server.log') });
    console.log('[e2e dev] max dev stopped; its log is in test-results/dev-server.log');
  };
}
