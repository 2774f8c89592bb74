/** The broom: clears the plug-in's stored data (the clean flow). */
import { ClearOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { UI_TEXT } from '@/locales/zh-CN/common';

export default function CleanPluginButton({ onClick, busy = false }: { onClick?: () => void; busy?: boolean }) {
  return (
    <Tooltip title={UI_TEXT.header.cleanPluginCache}>
      <Button type="text" aria-label={UI_TEXT.header.cleanPluginCache} icon={<ClearOutlined />} loading={busy} onClick={onClick} />
    </Tooltip>
  );
}
