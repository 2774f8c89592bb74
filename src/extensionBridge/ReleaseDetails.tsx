/** A release the plug-in reported: its changelog and the download link (header popover, 首页 card, refusal dialog). */
import { DownloadOutlined } from '@ant-design/icons';
import { Space, Typography } from 'antd';
import type { PluginRelease } from '#contract/api/plugin';
import { PLUGIN_RELEASE_TEXT as text } from '@/locales/zh-CN/plugin';

export default function ReleaseDetails({ release }: { release: PluginRelease }) {
  return (
    <Space direction="vertical" size={4} style={{ width: '100%' }}>
      <Typography.Text type="secondary">{text.changelog}</Typography.Text>
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0, maxHeight: 160, overflowY: 'auto' }}>
        {release.changelog.trim() || text.noChangelog}
      </Typography.Paragraph>
      <a href={release.downloadUrl} target="_blank" rel="noopener noreferrer">
        <DownloadOutlined /> {text.download} v{release.version}
      </a>
    </Space>
  );
}
