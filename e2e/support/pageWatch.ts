/**
 * What a page may not do while a test visits it: break the Content Security Policy (seen two ways:
 * Chromium's console message "Refused to … because it violates the following Content Security
 * Policy directive …" and a `securitypolicyviolation` listener that an init script adds to every
 * document), warn about the Permissions-Policy header, or write any other error or warning to the
 * console or throw an uncaught error (issue 18). Used by e2e/csp.spec.ts and by the screens audit,
 * which visits every screen of every role.
 */
import { expect, type Page, type Response } from '@playwright/test';

interface Violation {
  directive: string;
  blocked: string;
  source: string;
  sample: string;
}

declare global {
  interface Window {
    __cspViolations?: Violation[];
  }
}

/** What Chromium writes to the console for a blocked script, style, image, connection, frame or eval. */
const CSP_CONSOLE_MESSAGE = /Content Security Policy|Content-Security-Policy/i;
/** Chromium's complaint about a Permissions-Policy feature it does not know. */
const PERMISSIONS_POLICY_MESSAGE = /Permissions-Policy|Unrecognized feature/i;
/**
 * Chromium's hint that a preloaded chunk was not used within seconds of the load: umi preloads the
 * layout's CSS on the public pages, which do not use the layout. A timing hint about the build's
 * preloads (it appears when a test lingers on the page), not a fault a visitor meets.
 */
const UNUSED_PRELOAD_HINT = /was preloaded using link preload but not used within a few seconds/;

/** Records the page's CSP violations (both ways) and console problems, from its next document on. */
export async function watchPage(page: Page) {
  const consoleMessages: string[] = [];
  const headerWarnings: string[] = [];
  const consoleProblems: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (CSP_CONSOLE_MESSAGE.test(text)) consoleMessages.push(`${page.url()}: ${text}`);
    else if (PERMISSIONS_POLICY_MESSAGE.test(text)) headerWarnings.push(`${page.url()}: ${text}`);
    else if (UNUSED_PRELOAD_HINT.test(text)) return;
    else if (message.type() === 'error' || message.type() === 'warning') consoleProblems.push(`${page.url()} ${message.type()}: ${text}`);
  });
  page.on('pageerror', (error) => consoleProblems.push(`${page.url()} uncaught: ${error.message}`));
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations!.push({
        directive: event.violatedDirective,
        blocked: event.blockedURI,
        source: `${event.sourceFile}:${event.lineNumber}`,
        sample: event.sample,
      });
    });
  });
  const recorded: string[] = [];
  return {
    consoleMessages,
    headerWarnings,
    consoleProblems,
    recorded,
    /** Moves the current document's recorded violations into `recorded` (call before leaving it). */
    async collect(label: string) {
      const found = await page.evaluate(() => window.__cspViolations?.splice(0) ?? []);
      recorded.push(...found.map((violation) => `${label}: ${JSON.stringify(violation)}`));
    },
    expectNone() {
      expect(recorded, 'securitypolicyviolation events').toEqual([]);
      expect(consoleMessages, 'CSP messages in the console').toEqual([]);
      expect(headerWarnings, 'Permissions-Policy warnings in the console').toEqual([]);
      expect(consoleProblems, 'errors and warnings in the console').toEqual([]);
    },
  };
}

/** The document's policy: present, and scripts only from the console's origin (or by hash). */
export function expectPolicy(response: Response | null, path: string) {
  expect(response, path).not.toBeNull();
  const policy = response!.headers()['content-security-policy'];
  expect(policy, `CSP header of ${path}`).toBeTruthy();
  const scriptSrc = policy.split(';').find((directive) => directive.trim().startsWith('script-src '));
  expect(scriptSrc, `script-src of ${path}`).toMatch(/^script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')*$/);
  expect(policy).toContain("object-src 'none'");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(response!.headers()['x-frame-options']).toBe('DENY');
}
