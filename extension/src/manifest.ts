/** The extension's manifest, built by scripts/build-extension.mjs with the console origin chosen at build time. */
import { REFERENCE_PLUGIN_VERSION } from '#contract/constants';
import { SITE_MATCHES } from './adapters';
import { TEST_PAGE_MATCHES } from './adapters/testPages';
import { isLoopbackHost } from './loopback';

/** The version the build writes into the manifest (the seed's demo release is the same version). */
export const EXTENSION_VERSION = REFERENCE_PLUGIN_VERSION;

/**
 * `npm start` on this machine, at the address README and the server's start-up line give
 * (http://localhost:8000); a deployed console, another port or 127.0.0.1 names its own origin.
 */
export const DEFAULT_CONSOLE_ORIGIN = 'http://localhost:8000';

/**
 * Why `origin` can not be the console a build trusts, or null: it must be exactly an origin (scheme,
 * host and port, no path, no wildcard), over https unless the host is this machine.
 */
export function consoleOriginProblem(origin: string): string | null {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return `not an origin: ${origin} (e.g. https://console.example.com)`;
  }
  if (url.origin !== origin) return `not exactly an origin: ${origin} (write ${url.origin})`;
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return null;
  return `the console must be served over https (http only on this machine): ${origin}`;
}

export interface ManifestOptions {
  version: string;
  /** The console's origin (with its port): the bridge runs on its pages only, `shop/report` goes there. */
  consoleOrigin: string;
}

export function buildManifest({ version, consoleOrigin }: ManifestOptions): chrome.runtime.ManifestV3 {
  // A match pattern with the port matches that port only (without one, it matches every port).
  const consoleMatches = [`${consoleOrigin}/*`];
  // The local test pages are sites only in a build for a console on this machine (consoleOrigin.ts SCRIPT_SITE_RULES).
  const siteMatches = isLoopbackHost(new URL(consoleOrigin).hostname)
    ? SITE_MATCHES
    : SITE_MATCHES.filter((pattern) => !TEST_PAGE_MATCHES.includes(pattern));
  return {
    manifest_version: 3,
    name: '达人邀约助手（参考插件）',
    description: '控制台的参考浏览器插件：连接控制台、绑定店铺、加入达人计划、停止、清除插件数据。',
    version,
    background: { service_worker: 'background.js' },
    // alarms: the worker asks for new scripts and the latest release periodically.
    permissions: ['storage', 'alarms'],
    // The worker calls shop/report, plugin/scripts and plugin/latestRelease on the console's server.
    host_permissions: [...consoleMatches],
    content_scripts: [
      { matches: [...consoleMatches], js: ['bridge.js'], run_at: 'document_idle' },
      { matches: [...siteMatches], js: ['site.js'], run_at: 'document_idle' },
    ],
  };
}
