/**
 * The browser plug-in's own calls, polled with the account's token: the newest published release
 * (and whether the plug-in's version is still supported) and the enabled scripts it bundles. Both
 * answer with an ETag, so an unchanged answer costs a 304 with no body.
 */
import { Type, type Static } from '@sinclair/typebox';
import { SemverText } from './appVersion';
import { DateTime, Empty, Id, Int4, Nullable } from './common';
import { ScriptKindAnswer } from './script';
import { defineApi } from './define';

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
  release: Nullable(
    Type.String({
      description: '脚本所属的版本（最新发布的版本）；没有发布的版本为 null',
    }),
  ),
  scripts: Type.Array(PluginScript),
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
  'plugin/latestRelease': defineApi({
    summary: '插件查询最新发布的版本，以及自身版本是否仍受支持',
    description: '任何已登录账号可调用；version 不是语义化版本：A0400（version）。答复带 ETag，未变化时 304。',
    auth: 'account',
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
    summary: '插件获取最新发布版本打包的、已启用的脚本',
    description: '任何已登录账号可调用。答复带 ETag，未变化时 304。',
    auth: 'account',
    etag: true,
    body: Empty,
    answer: PluginScripts,
    example: {
      body: {},
      answer: {
        release: '1.3.0',
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
