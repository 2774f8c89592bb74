/**
 * `plugin/*`: where to install the plug-in (public), and what the browser plug-in polls with the
 * account's token; those two answer with an ETag (contract/api/plugin.ts), so an unchanged answer
 * costs a 304 with no body. The rules live in server/releases/plugin.ts.
 */
import { defineCall } from '../http/calls';
import { installLink, latestReleaseFor, pluginScripts } from '../releases/plugin';

export const pluginCalls = [
  defineCall('plugin/installLink', ({ db, config }) => installLink(db, config.pluginStoreUrl)),
  defineCall('plugin/latestRelease', ({ db, body }) => latestReleaseFor(db, body.version)),
  defineCall('plugin/scripts', ({ db }) => pluginScripts(db)),
];
