/**
 * The browser plug-in's own calls, made with the plug-in token (`plugin/token`, which the console
 * asks for after the plug-in's `start`; docs/plugin-protocol.md): the newest published release (and
 * whether the plug-in's version is still supported) and the enabled scripts at their current
 * versions (a release's bundle records what shipped with it; it does not choose what the plug-in
 * runs). Both answer with an ETag, so an unchanged answer costs a 304 with no body.
 */
import { Type, type Static } from '@sinclair/typebox';
import { ACTIONS, CAPABILITY_URLS } from '../capabilities';
import { PACING_DEFAULT, PACING_LIMITS, PAUSABLE_FLOWS, PAUSE_REASON_MAX } from '../runs';
import { SHOP_PLATFORMS } from '../shopPlatforms';
import { SemverText } from './appVersion';
import { DateTime, Empty, Id, Int4, Literals, Nullable, OneOf, Text } from './common';
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

const PLATFORM_VALUES = SHOP_PLATFORMS.map((item) => item.value);

/** A paused flow: on every platform (`platform` null) or one. */
export const PluginPause = Type.Object({
  flow: Literals(PAUSABLE_FLOWS),
  platform: Nullable(Literals(PLATFORM_VALUES)),
  reason: Type.String(),
  pausedAt: DateTime(),
});
export type PluginPause = Static<typeof PluginPause>;

/** A platform's pacing (`custom` false: PACING_DEFAULT, staff never set it). */
export const PlatformPacing = Type.Object({
  platform: Literals(PLATFORM_VALUES),
  itemsPerMinute: Type.Integer(),
  delayMinMs: Type.Integer(),
  delayMaxMs: Type.Integer(),
  dailyCap: Type.Integer(),
  custom: Type.Boolean(),
});
export type PlatformPacing = Static<typeof PlatformPacing>;

export const PluginControls = Type.Object({
  pauses: Type.Array(PluginPause, {
    description: '已暂停的流程：暂停期间控制台不发起、插件不开始该流程，正在进行的加入在下一个商品前停止',
  }),
  pacing: Type.Array(PlatformPacing, {
    description: '每个平台的节奏：每分钟至多几个商品、两个商品之间的随机等待、每个账号每天至多几个商品',
  }),
});
export type PluginControls = Static<typeof PluginControls>;

export const PluginScripts = Type.Object({
  scripts: Type.Array(PluginScript, {
    description: '所有已启用脚本的当前版本（按类型、名称、ID 排序）；保存、恢复、改名、启用或停用脚本后答复与 ETag 随之变化',
  }),
  ...PluginControls.properties,
});
export type PluginScripts = Static<typeof PluginScripts>;

export const PluginPauseBody = Type.Object(
  {
    flow: OneOf(PAUSABLE_FLOWS),
    /** null: every platform. */
    platform: Nullable(OneOf(PLATFORM_VALUES)),
    reason: Text(PAUSE_REASON_MAX, 1),
  },
  { additionalProperties: false },
);
export type PluginPauseBody = Static<typeof PluginPauseBody>;

export const PluginResumeBody = Type.Object(
  { flow: OneOf(PAUSABLE_FLOWS), platform: Nullable(OneOf(PLATFORM_VALUES)) },
  { additionalProperties: false },
);
export type PluginResumeBody = Static<typeof PluginResumeBody>;

export const PluginPacingBody = Type.Object(
  {
    platform: OneOf(PLATFORM_VALUES),
    itemsPerMinute: Type.Integer({ minimum: PACING_LIMITS.itemsPerMinute.min, maximum: PACING_LIMITS.itemsPerMinute.max }),
    delayMinMs: Type.Integer({ minimum: PACING_LIMITS.delayMs.min, maximum: PACING_LIMITS.delayMs.max }),
    delayMaxMs: Type.Integer({ minimum: PACING_LIMITS.delayMs.min, maximum: PACING_LIMITS.delayMs.max }),
    dailyCap: Type.Integer({ minimum: PACING_LIMITS.dailyCap.min, maximum: PACING_LIMITS.dailyCap.max }),
  },
  { additionalProperties: false },
);
export type PluginPacingBody = Static<typeof PluginPacingBody>;

const exampleRelease: PluginRelease = {
  version: '1.3.0',
  changelog: '支持批量加入达人计划',
  downloadUrl: 'https://downloads.example.com/plugin-1.3.0.zip',
  minSupportedVersion: '1.2.0',
  releasedAt: '2026-11-20T08:00:00.000Z',
};

const exampleControls: PluginControls = {
  pauses: [{ flow: 'join', platform: 'tiktok', reason: 'TikTok 达人页面改版，脚本修复前暂停', pausedAt: '2026-11-28T02:00:00.000Z' }],
  pacing: SHOP_PLATFORMS.map(({ value }) => ({ platform: value, ...PACING_DEFAULT, custom: false })),
};
const controlGrant = { anyGrant: [CAPABILITY_URLS.canSeeAllPluginRuns], action: ACTIONS.canControlPluginRuns.url };

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
    summary: '插件获取所有已启用脚本的当前版本，以及流程的暂停与节奏',
    description:
      '用插件令牌调用。答复是已启用脚本审核通过的版本（不是某个发布版本打包的脚本：版本的打包记录的是随该版本发布的脚本），审核通过后插件的下一次绑定或邀约即按新脚本执行；' +
      '灰度中的脚本，灰度名单内的账号收到新版本，其余账号收到原版本。pauses、pacing 同 plugin/controls。答复带 ETag（每个账号的答复内容的摘要，涵盖脚本、暂停与节奏），未变化时 304。',
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
        ...exampleControls,
      },
    },
  }),
  'plugin/controls': defineApi({
    summary: '插件流程的暂停与节奏：控制台据此停用按钮并说明原因',
    description: '任何已登录的账号可读；与 plugin/scripts 答复中的 pauses、pacing 相同。',
    auth: 'account',
    body: Empty,
    answer: PluginControls,
    example: { body: {}, answer: exampleControls },
  }),
  'plugin/pause': defineApi({
    summary: '暂停一个流程（绑定店铺或加入达人计划）：所有平台（platform 为 null）或一个平台，须填写原因',
    description:
      '暂停后 run/start 拒绝该流程（A0400，答复原因），已连接的控制台收到通知并让插件立即重新获取脚本，正在进行的加入在下一个商品前停止。已暂停时更新原因。记入操作日志。',
    auth: controlGrant,
    body: PluginPauseBody,
    answer: PluginControls,
    example: { body: { flow: 'join', platform: 'tiktok', reason: 'TikTok 达人页面改版，脚本修复前暂停' }, answer: exampleControls },
  }),
  'plugin/resume': defineApi({
    summary: '恢复一个已暂停的流程',
    description: '未暂停：A0400。记入操作日志。',
    auth: controlGrant,
    body: PluginResumeBody,
    answer: PluginControls,
    example: { body: { flow: 'join', platform: 'tiktok' }, answer: { ...exampleControls, pauses: [] } },
  }),
  'plugin/setPacing': defineApi({
    summary: '设置一个平台的节奏：每分钟商品数、两个商品之间的随机等待（毫秒）、每个账号每天的上限',
    description: '最短等待不能大于最长等待：A0400。插件下次获取脚本时按新节奏执行；记入操作日志。',
    auth: controlGrant,
    body: PluginPacingBody,
    answer: PluginControls,
    example: {
      body: { platform: 'tiktok', itemsPerMinute: 6, delayMinMs: 3000, delayMaxMs: 8000, dailyCap: 300 },
      answer: exampleControls,
    },
  }),
};
