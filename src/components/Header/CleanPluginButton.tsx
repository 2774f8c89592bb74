/** The broom: clears the plug-in's stored data (the flow itself comes with the plug-in bridge). */
import { ClearOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { UI_TEXT } from '@/shared/uiText';

export default function CleanPluginButton({ onClick }: { onClick?: () => void }) {
  return (
    <Tooltip title={UI_TEXT.header.cleanPluginCache}>
      <Button type="text" aria-label={UI_TEXT.header.cleanPluginCache} icon={<ClearOutlined />} onClick={onClick} />
    </Tooltip>
  );
}
