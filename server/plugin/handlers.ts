/**
 * `plugin/*`: where to install the plug-in (public), the plug-in token the console asks for after
 * the plug-in's `start`, and what the plug-in polls with that token; those two answer with an ETag
 * (contract/api/plugin.ts), so an unchanged answer costs a 304 with no body. The rules live in
 * server/plugin/plugin.ts and server/auth/pluginTokens.ts.
 */
import { pluginToken } from '../auth/pluginTokens';
import type { CallHandlers } from '../context';
import { pauseFlow, readPluginControls, resumeFlow, setPacing } from './controls';
import { installLink, latestReleaseFor, pluginScripts } from './plugin';

export const pluginHandlers = {
  'plugin/installLink': installLink,
  'plugin/token': pluginToken,
  'plugin/latestRelease': latestReleaseFor,
  'plugin/scripts': pluginScripts,
  'plugin/controls': readPluginControls,
  'plugin/pause': pauseFlow,
  'plugin/resume': resumeFlow,
  'plugin/setPacing': setPacing,
} satisfies Partial<CallHandlers>;
