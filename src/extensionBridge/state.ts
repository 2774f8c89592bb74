/**
 * The plug-in's state as the console's screens read it (useModel('extension')), kept apart from
 * the controller so the screens and the model carry none of the bridge's code.
 */
import type { PluginRelease } from '#contract/api/plugin';
import type { PluginReleaseState } from '#contract/pluginProtocol';

export type FlowName = 'bind' | 'join' | 'stop' | 'clean';

export interface PluginState {
  connected: boolean;
  pluginVersion: string | null;
  /** What the plug-in last reported about releases; null until it does (a protocol-1 plug-in never does). */
  release: PluginReleaseState | null;
  /** The plug-in speaks a protocol older than MIN_TOKEN_PROTOCOL_VERSION: it gets no token and must be updated. */
  protocolOutdated: boolean;
  running: FlowName | null;
}

export const INITIAL_PLUGIN_STATE: PluginState = {
  connected: false,
  pluginVersion: null,
  release: null,
  protocolOutdated: false,
  running: null,
};

/** The latest release when the plug-in said its own version is below that release's minimum, else null. */
export const outdatedBy = (state: Pick<PluginState, 'release'>): PluginRelease | null =>
  state.release?.supported === false ? state.release.latest : null;

/** The newer release the plug-in reported, and whether its own version is below that release's minimum; null when none is newer. */
export function releaseNotice(state: Pick<PluginState, 'release'>): { latest: PluginRelease; outdated: boolean } | null {
  const latest = state.release?.updateAvailable ? state.release.latest : null;
  return latest ? { latest, outdated: outdatedBy(state) !== null } : null;
}
