/**
 * `/client/system/pluginRuns` 插件运行记录: every member's plug-in runs, by account, for support (no
 * retry), under the kill switch and pacing of the plug-in's flows (暂停与节奏).
 */
import ControlsCard from '@/components/PluginRuns/ControlsCard';
import RunsList from '@/components/PluginRuns/RunsList';

export default function AllPluginRuns() {
  return <RunsList staff before={<ControlsCard />} />;
}
