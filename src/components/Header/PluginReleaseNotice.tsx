/**
 * The header's 插件有新版本 (or 插件需要更新 when the plug-in is below the latest release's minimum):
 * a button that opens the release's changelog and download link. Nothing while the plug-in reports
 * no newer release (a protocol-1 plug-in never reports one). On a phone only its icon shows.
 */
import { CloudDownloadOutlined } from '@ant-design/icons';
import { Button, Grid, Popover, Space, Typography } from 'antd';
import ReleaseDetails from '@/extensionBridge/ReleaseDetails';
import { releaseNotice, type PluginState } from '@/extensionBridge/state';
import { PLUGIN_RELEASE_TEXT as text } from '@/locales/zh-CN/plugin';

export default function PluginReleaseNotice({ state }: { state: Pick<PluginState, 'release' | 'pluginVersion'> }) {
  const wide = Grid.useBreakpoint().md !== false;
  const notice = releaseNotice(state);
  if (!notice) return null;
  const { latest, outdated } = notice;
  const label = outdated ? text.updateRequired : text.updateAvailable;
  const content = (
    // Within a phone's width too (the popover's own padding is 12 px a side).
    <Space direction="vertical" size={8} style={{ maxWidth: 'min(320px, calc(100vw - 48px))' }} data-testid="plugin-release-popover">
      <Typography.Text type={outdated ? 'danger' : undefined}>
        {outdated ? text.outdated(state.pluginVersion, latest.minSupportedVersion) : text.current(state.pluginVersion)}
      </Typography.Text>
      <ReleaseDetails release={latest} />
    </Space>
  );
  return (
    // shiftX: on a phone the button sits mid-header, too far right for the popover to open leftwards and too far left for rightwards.
    <Popover
      trigger="click"
      placement="bottomRight"
      align={{ overflow: { shiftX: true, adjustY: true } }}
      title={text.newVersion(latest.version)}
      content={content}
    >
      <Button type="text" danger={outdated} aria-label={label} icon={<CloudDownloadOutlined />} data-testid="plugin-release-notice">
        {wide && label}
      </Button>
    </Popover>
  );
}
