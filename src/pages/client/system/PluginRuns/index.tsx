/** `/client/system/pluginRuns` 插件运行记录: every member's plug-in runs, by account, for support (no retry). */
import RunsList from '@/components/PluginRuns/RunsList';

export default function AllPluginRuns() {
  return <RunsList staff />;
}
