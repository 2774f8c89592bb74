/** The plug-in's connection state as a tag; when not connected, 插件未连接 and where to install it. */
import { LinkOutlined } from '@ant-design/icons';
import { Space, Tag } from 'antd';
import { UI_TEXT } from '@/locales/zh-CN/common';
import { InstallLink } from './InstallLink';

export default function ConnectionState({ connected, version }: { connected: boolean; version: string | null }) {
  if (connected) return <Tag color="success">插件已连接{version ? ` v${version}` : ''}</Tag>;
  return (
    <Space size={4}>
      <Tag color="default">{UI_TEXT.messages.pluginNotConnected}</Tag>
      <InstallLink icon={<LinkOutlined />} />
    </Space>
  );
}
