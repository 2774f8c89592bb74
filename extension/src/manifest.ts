/** The extension's manifest, built by scripts/build-extension.mjs with the console origins chosen at build time. */
import { REFERENCE_PLUGIN_VERSION } from '#contract/constants';
import { SITE_MATCHES } from './adapters';

/** The version the build writes into the manifest (the seed's demo release is the same version). */
export const EXTENSION_VERSION = REFERENCE_PLUGIN_VERSION;

/** Consoles on this machine, any port: `npm start`, `max dev` and the e2e suite. */
export const DEFAULT_CONSOLE_MATCHES = ['http://localhost/*', 'http://127.0.0.1/*'];

export interface ManifestOptions {
  version: string;
  /** Match patterns of the console's pages (the bridge runs there, `shop/report` goes there). */
  consoleMatches: readonly string[];
}

export function buildManifest({ version, consoleMatches }: ManifestOptions): chrome.runtime.ManifestV3 {
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
      { matches: [...SITE_MATCHES], js: ['site.js'], run_at: 'document_idle' },
    ],
  };
}
