/**
 * The kill switch as the member's screens read it (`plugin/controls`): which flows staff paused, and
 * why. Read once and kept (cached like the other reads), read again when the bell brings a pause or
 * a resume (the `pluginFlow` record), so a button that was usable says it is paused within seconds.
 */
import type { PluginControls } from '#contract/api/plugin';
import { pauseFor, type PausableFlow } from '#contract/runs';
import { flowPausedText } from '#contract/text/runs';
import { useRecordChanges } from '@/components/Notifications/recordChanges';
import { cachedReadOptions } from '@/services/requestDefaults';
import { tryCall } from '@/services/tryCall';
import { useCachedRequest } from '@/services/useCachedRequest';

/** Why `flow` can not start on `platform` now, in Chinese (`pauseFor`: the server names the same pause), or null when it can. */
export function pausedReason(controls: Pick<PluginControls, 'pauses'> | undefined, flow: PausableFlow, platform: string): string | null {
  const pause = pauseFor(controls?.pauses ?? [], flow, platform);
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

/** Why `flow` can not start on `platform` now (`pausedReason` of the controls this hook keeps current). */
export const usePausedReason = (flow: PausableFlow, platform: string) => pausedReason(usePluginControls().data, flow, platform);
