/**
 * The one console this build of the plug-in trusts (issue 29), fixed at build time
 * (scripts/build-extension.mjs --console-origin): the bridge runs only on its pages, the worker takes
 * messages only from them and calls only its server. Nothing a page says changes it.
 */
import type { ScriptSiteRules } from '#contract/scriptSandbox';
import { isLoopbackHost } from './loopback';

declare const __CONSOLE_ORIGIN__: string;

export const CONSOLE_ORIGIN: string = __CONSOLE_ORIGIN__;

/** Whether a page or message sender at `origin` is the console this build trusts. */
export const isConsoleOrigin = (origin: string | null | undefined): boolean => origin === CONSOLE_ORIGIN;

/**
 * Where this build lets scripts run (contract/scriptSandbox.ts): the local test pages count as sites
 * only in a build for a console on this machine (development and the e2e suite), never in one for a
 * deployed console.
 */
export const SCRIPT_SITE_RULES: ScriptSiteRules = { testSites: isLoopbackHost(new URL(CONSOLE_ORIGIN).hostname) };
