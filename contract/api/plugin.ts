/**
 * The browser plug-in's own calls, made with the plug-in token (`plugin/token`, which the console
 * asks for after the plug-in's `start`; docs/plugin-protocol.md): the newest published release (and
 * whether the plug-in's version is still supported) and the enabled scripts at their current
 * versions (a release's bundle records what shipped with it; it does not choose what the plug-in
 * runs). Both answer with an ETag, so an unchanged answer costs a 304 with no body.
 */
import { Type, type Static } from '@sinclair/typebox';
import { SemverText } from './appVersion';
import { DateTime, Empty, Id, Int4, Nullable } from './common';
import { ScriptKindAnswer } from './script';
import { defineApi } from './define';
import type { PluginReleaseState } from '../pluginProtocol';

export const PluginLatestReleaseBody = Type.Object({ version: SemverText() }, { additionalProperties: false });
export type PluginLatestReleaseBody = Static<typeof PluginLatestReleaseBody>;

export const PluginRelease = Type.Object({
  version: Type.String(),
  changelog: Type.String(),
  downloadUrl: Type.String(),
  minSupportedVersion: Type.String(),
  releasedAt: Nullable(DateTime()),
});
export type PluginRelease = Static<typeof PluginRelease>;

export const PluginLatestRelease = Type.Object({
  latest: Nullable(PluginRelease),
  supported: Type.Boolean({
    description: '询问的版本不低于最新版本的最低支持版本',
  }),
  updateAvailable: Type.Boolean({ description: '最新版本高于询问的版本' }),
});
export type PluginLatestRelease = Static<typeof PluginLatestRelease>;

// The schema and the bridge's own type (contract/pluginProtocol.ts, which imports no schema) are one shape.
type SameShape<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _sameAsBridge: SameShape<PluginLatestRelease, PluginReleaseState> = true;

export const PluginInstallLink = Type.Object({
  url: Nullable(Type.String({ description: '安装插件打开的地址；尚无发布版本且未配置商店地址时为 null' })),
  source: Nullable(
    Type.Union([Type.Literal('store'), Type.Literal('release')], {
      description: 'store：服务器配置的商店地址（PLUGIN_STORE_URL）；release：最新发布版本的下载地址',
    }),
  ),
  version: Nullable(Type.String({ description: 'source 为 release 时的版本号' })),
});
export type PluginInstallLink = Static<typeof PluginInstallLink>;

export const PluginToken = Type.Object({
  token: Type.String({ description: '插件令牌：只能用于插件的调用，随签发它的控制台会话一同失效' }),
});
export type PluginToken = Static<typeof PluginToken>;

export const PluginScript = Type.Object({
  id: Id(),
  kind: ScriptKindAnswer(),
  name: Type.String(),
  version: Int4(1),
  /** The parsed JSON of that version: an ActionScript or a LinkScript of contract/pluginScripts.ts. */
  content: Type.Unknown({ description: '该版本解析后的 JSON：动作脚本 {flow, steps} 或链接脚本 {links}（docs/plugin-scripts.md）' }),
});
export type PluginScript = Static<typeof PluginScript>;

export const PluginScripts = Type.Object({
  scripts: Type.Array(PluginScript, {
    description: '所有已启用脚本的当前版本（按类型、名称、ID 排序）；保存、恢复、改名、启用或停用脚本后答复与 ETag 随之变化',
  }),
});
export type PluginScripts = Static<typeof PluginScripts>;

const exampleRelease: PluginRelease = {
  version: '1.3.0',
  changelog: '支持批量加入达人计划',
  downloadUrl: 'https://downloads.example.com/plugin-1.3.0.zip',
  minSupportedVersion: '1.2.0',
  releasedAt: '2026-11-20T08:00:00.000Z',
};

export const pluginApi = {
  'plugin/installLink': defineApi({
    summary: '安装插件的地址：配置的商店地址，否则最新发布版本的下载地址',
    description: '公开调用（首页与未连接插件的提示都用它）；两者都没有时 url 为 null，控制台显示“暂无可安装的插件”。',
    auth: 'public',
    body: Empty,
    answer: PluginInstallLink,
    example: {
      body: {},
      answer: { url: exampleRelease.downloadUrl, source: 'release', version: exampleRelease.version },
    },
  }),
  'plugin/token': defineApi({
    summary: '为已连接的插件签发插件令牌（绑定本次会话，只能用于插件的调用）',
    description:
      '控制台在插件握手（start）后调用，把答复的令牌交给插件，而不是会话自己的令牌。插件令牌只能调用 plugin/scripts、plugin/latestRelease、shop/report、run/report 和 run/finish，其他调用答复 A0301；会话结束（退出、强制下线、闲置或到期）时随之失效。每个会话保留最新的 3 个。',
    auth: 'account',
    body: Empty,
    answer: PluginToken,
    example: { body: {}, answer: { token: 'pt_9bq7V3mXc2Hn5Zr8Kd1Ls4Wy6Tf0Ja3Pe7Ug2Qo5Mi' } },
  }),
  'plugin/latestRelease': defineApi({
    summary: '插件查询最新发布的版本，以及自身版本是否仍受支持',
    description: '用插件令牌调用；version 不是语义化版本：A0400（version）。答复带 ETag，未变化时 304。',
    auth: 'plugin',
    etag: true,
    body: PluginLatestReleaseBody,
    answer: PluginLatestRelease,
    example: {
      body: { version: '1.2.5' },
      answer: {
        latest: exampleRelease,
        supported: true,
        updateAvailable: true,
      },
    },
  }),
  'plugin/scripts': defineApi({
    summary: '插件获取所有已启用脚本的当前版本',
    description:
      '用插件令牌调用。答复是已启用脚本的当前版本（不是某个发布版本打包的脚本：版本的打包记录的是随该版本发布的脚本），保存后插件的下一次绑定或邀约即按新脚本执行。答复带 ETag（答复内容的摘要，涵盖脚本 ID、名称、版本和内容），未变化时 304。',
    auth: 'plugin',
    etag: true,
    body: Empty,
    answer: PluginScripts,
    example: {
      body: {},
      answer: {
        scripts: [
          {
            id: 3,
            kind: 'action',
            name: '提交表单',
            version: 2,
            content: { flow: 'stop', steps: [{ step: 'click', selector: '#submit' }] },
          },
        ],
      },
    },
  }),
};
