/** 动作脚本 */
import ScriptScreen from '../components/ScriptScreen';

export default function ActionScripts() {
  return <ScriptScreen kind="action" />;
}
