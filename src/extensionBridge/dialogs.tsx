/** The dialogs of legacy §8 for the plug-in flows, in the strings of ui-text.md. */
import { UI_TEXT } from '@/locales/zh-CN/common';
import { PLUGIN_INSTALL_TEXT, PLUGIN_RELEASE_TEXT } from '@/locales/zh-CN/plugin';
import { InstallLink } from './InstallLink';
import type { PluginDialogs } from './controller';
import ReleaseDetails from './ReleaseDetails';
import { message, modal } from '@/kit/feedback';

const text = UI_TEXT.messages;

export const dialogs: PluginDialogs = {
  bindSucceeded: () => void modal.success({ title: text.bindSucceededTitle, content: text.bindSucceededBody }),
  bindFailed: (detail) => void modal.error({ title: text.bindFailedTitle, content: detail || text.bindFailedBody }),
  cleanSucceeded: () => void modal.success({ title: text.cleanSucceededTitle, content: text.cleanSucceededBody }),
  stopped: () => void message.success(text.stopped),
  notConnected: () =>
    void message.warning({
      key: 'plugin-not-connected',
      content: (
        <span>
          {text.pluginNotConnected}，<InstallLink>{PLUGIN_INSTALL_TEXT.goInstall}</InstallLink>
        </span>
      ),
    }),
  outdated: (latest, pluginVersion) =>
    void modal.error({
      title: PLUGIN_RELEASE_TEXT.outdatedTitle,
      content: (
        <>
          <p>{PLUGIN_RELEASE_TEXT.outdated(pluginVersion, latest.minSupportedVersion)}</p>
          <ReleaseDetails release={latest} />
        </>
      ),
    }),
  protocolOutdated: (pluginVersion) =>
    void modal.error({
      title: PLUGIN_RELEASE_TEXT.outdatedTitle,
      content: (
        <p>
          {PLUGIN_RELEASE_TEXT.protocolOutdated(pluginVersion)}
          <InstallLink>{PLUGIN_INSTALL_TEXT.goInstall}</InstallLink>
        </p>
      ),
    }),
  noAnswer: () => void message.error('插件未响应，请刷新页面后重试'),
  joinRefused: (detail) => void modal.error({ title: text.joinRefusedTitle, content: detail }),
};
