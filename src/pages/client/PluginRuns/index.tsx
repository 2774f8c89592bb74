/** `/client/pluginRuns` 运行记录: the member's own plug-in runs (bind, join, stop), their details and 重试失败项. */
import RunsList from '@/components/PluginRuns/RunsList';

export default function PluginRuns() {
  return <RunsList staff={false} />;
}
