/**
 * Chromium with the reference extension loaded, for the plug-in e2e.
 *
 * Why not `launchPersistentContext`: Playwright turns on focus emulation for every page it drives,
 * which keeps a background tab 'visible', and the console's bind flow waits for its tab to be
 * hidden and shown again. So Chromium is started here as a user would (headless, a fresh profile,
 * `--load-extension`) and Playwright attaches over CDP with `noDefaults`, which leaves focus alone:
 * tabs hide and show as in a real browser.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Worker } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../playwright.config';
import { ROOT } from './product';

export const EXTENSION_DIR = path.join(ROOT, 'test-results', 'extension');

/**
 * Builds the extension for the test run (esbuild, well under a second), trusting the test product's
 * origin `consoleOrigin` (its port included) and nothing else, as a deployed build trusts its console.
 */
export function buildExtension(consoleOrigin: string, outDir = EXTENSION_DIR): string {
  execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'build-extension.mjs'), '--out', outDir, '--console-origin', consoleOrigin], {
    stdio: 'pipe',
  });
  return outDir;
}

export interface ExtensionBrowser {
  browser: Browser;
  context: BrowserContext;
  /** The extension's service worker (reads chrome.storage.local for the assertions). */
  worker: Worker;
  close(): Promise<void>;
}

async function devToolsPort(profile: string, timeoutMs = 20_000): Promise<number> {
  const file = path.join(profile, 'DevToolsActivePort');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    const port = Number(text.split('\n')[0]);
    if (port > 0) return port;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('Chromium did not open its DevTools port');
}

export async function launchWithExtension(extensionDir: string): Promise<ExtensionBrowser> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'console-extension-e2e-'));
  const child = spawn(
    CHROMIUM_PATH,
    [
      ...CHROMIUM_ARGS,
      '--headless',
      `--user-data-dir=${profile}`,
      '--remote-debugging-port=0',
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
      '--window-size=1280,860',
      '--lang=zh-CN',
      'about:blank',
    ],
    { detached: true, stdio: 'ignore', env: { ...process.env, TZ: 'Asia/Shanghai' } },
  );
  // Chromium and its helpers form a process group; the watchdog ends it if the runner dies.
  const watchdog = spawn(
    process.execPath,
    [path.join(ROOT, 'scripts', 'lib', 'watchdog.mjs'), String(process.pid), String(child.pid), profile],
    {
      detached: true,
      stdio: 'ignore',
    },
  );
  watchdog.unref();
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      // already gone
    }
  };
  const within = (ms: number) =>
    Promise.race([exited.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);
  /** Ends Chromium and waits for it: a profile removed while Chromium still writes to it fails. */
  const stop = async () => {
    signal('SIGTERM');
    if (!(await within(10_000))) {
      signal('SIGKILL');
      await within(5_000);
    }
  };
  try {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${await devToolsPort(profile)}`, { noDefaults: true });
    const context = browser.contexts()[0];
    const worker =
      context.serviceWorkers().find((candidate) => candidate.url().startsWith('chrome-extension://')) ??
      (await context.waitForEvent('serviceworker', { timeout: 15_000 }));
    return {
      browser,
      context,
      worker,
      async close() {
        // Over CDP, close() only disconnects; the browser itself is ended here.
        await browser.close().catch(() => {});
        await stop();
        fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
