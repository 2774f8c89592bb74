/** 链接脚本 */
import ScriptScreen from '../components/ScriptScreen';

export default function UrlScripts() {
  return <ScriptScreen kind="url" />;
}
