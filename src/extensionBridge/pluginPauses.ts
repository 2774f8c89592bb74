/**
 * The kill switch as the member's screens read it (`plugin/controls`): which flows staff paused, and
 * why. Read once and kept (cached like the other reads), read again when the bell brings a pause or
 * a resume (the `pluginFlow` record), so a button that was usable says it is paused within seconds.
 */
import type { PluginControls, PluginPause } from '#contract/api/plugin';
import type { PausableFlow } from '#contract/runs';
import { flowPausedText } from '#contract/text/runs';
import { useRecordChanges } from '@/components/Notifications/recordChanges';
import { cachedReadOptions } from '@/services/requestDefaults';
import { tryCall } from '@/services/tryCall';
import { useCachedRequest } from '@/services/useCachedRequest';

/** The pause that stops `flow` on `platform`: the platform's own, else the one of every platform. */
export function pauseOf(
  controls: Pick<PluginControls, 'pauses'> | undefined,
  flow: PausableFlow,
  platform: string,
): PluginPause | undefined {
  const pauses = controls?.pauses.filter((pause) => pause.flow === flow) ?? [];
  return pauses.find((pause) => pause.platform === platform) ?? pauses.find((pause) => pause.platform === null);
}

/** Why `flow` can not start on `platform` now, in Chinese, or null when it can. */
export function pausedReason(controls: Pick<PluginControls, 'pauses'> | undefined, flow: PausableFlow, platform: string): string | null {
  const pause = pauseOf(controls, flow, platform);
  return pause ? flowPausedText(flow, pause.reason) : null;
}

/**
 * The paused flows and the pacing, kept current by the bell: `data` is undefined until read (or when
 * the read failed: the server still refuses); `mutate` keeps what a change answered.
 */
export function usePluginControls() {
  const { data, mutate, refresh } = useCachedRequest(() => tryCall('plugin/controls', {}, { errorToast: false }).catch(() => undefined), {
    ...cachedReadOptions,
    cacheKey: 'plugin-controls',
  });
  useRecordChanges(['pluginFlow'], refresh);
  return { data, mutate };
}
