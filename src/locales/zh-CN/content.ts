/**
 * Chinese-only, no i18n runtime (the ant-design-pro convention): a string lives inline in the
 * component that shows it, unless a test, the spec or a second screen needs it; then it lives in
 * src/locales/zh-CN/<domain>.ts, one plain object per domain. The server's refusal messages
 * live with the server (server/<domain>/messages.ts); only a sentence both the server sends and a
 * screen shows stays in contract/.
 */

import { CONTENT_TEXT as CONTENT_SHARED_TEXT, type NewsStatus, type ReleaseStatus, type ScriptKind } from '#contract/content';

export const SCRIPT_KIND_LABELS: Record<ScriptKind, string> = { action: '动作脚本', url: '链接脚本' };
export const RELEASE_STATUS_LABELS: Record<ReleaseStatus, string> = { draft: '草稿', published: '已发布', withdrawn: '已撤回' };
export const NEWS_STATUS_LABELS: Record<NewsStatus, string> = { published: '已发布', draft: '未发布' };

/** The script, version and media screens' strings the tests look for (with the shared one from contract). */
export const CONTENT_TEXT = {
  ...CONTENT_SHARED_TEXT,
  format: '格式化',
  editorLabel: '脚本内容（JSON）',
  save: '保存',
  saved: '已保存为新版本',
  history: '历史版本',
  compare: '对比',
  restore: '恢复此版本',
  restored: '已恢复为新版本',
  newScript: '新建脚本',
  invalidJson: 'JSON 格式错误',
  /** A JSON syntax error or a step-language problem (contract/pluginScripts.ts), before saving. */
  invalidScript: '脚本有误',
  newRelease: '新建版本',
  publish: '发布',
  withdraw: '撤回',
  saveBundle: '保存脚本清单',
  uploadHint: '点击或拖拽图片、视频到此区域上传',
  newsTab: '新闻管理',
  mediaTab: '素材库',
  newNews: '新建新闻',
  unpublish: '撤回发布',
} as const;

/** Four-eyes review (contract/review.ts): the script and release screens' strings the tests look for. */
export const REVIEW_UI_TEXT = {
  pending: '待审核',
  live: '已生效',
  neverLive: '未生效',
  review: '审核',
  approve: '审核通过',
  scriptApproved: '已审核通过，插件下次获取脚本时生效',
  releaseApproved: '已审核通过',
  ownChange: '你参与了这次改动，须由另一位有“审核脚本”权限的账号审核。',
  emergency: '你参与了这次改动。仅在紧急情况下自行审核：须填写原因，操作会记入操作日志并通知其他审核人。',
  reasonLabel: '紧急原因',
  reasonRequired: '请填写紧急原因',
  requestPublish: '申请发布',
  requestWithdraw: '申请撤回',
  cancelRequest: '撤销申请',
  requested: '已提交申请，等待审核',
  liveSide: '插件当前所得',
  draftSide: '待审核的改动',
} as const;

/** Staged rollout of a script version (contract/rollout.ts): the review's 发布范围 and the list's 灰度中. */
export const ROLLOUT_UI_TEXT = {
  scope: '发布范围',
  everyone: '全部账号',
  staged: '灰度发布',
  stagedHelp:
    '新版本先只发给下列账号和按比例选中的账号，其余账号仍使用原版本；确认无误后全量发布。新版本的失败明显多于原版本时，服务器会自动回滚。',
  accounts: '灰度账号',
  accountsPlaceholder: '输入用户名后按回车',
  percent: '另按比例',
  canary: '灰度中',
  /** The 操作 link whose menu holds 全量发布 and 回滚. */
  actions: '灰度',
  canaryTip: (version: number, stable: number, usernames: readonly string[], percent: number) =>
    `第 ${version} 版只发给${[usernames.length ? usernames.join('、') : '', percent ? `${percent}% 的账号` : ''].filter(Boolean).join(' 和 ')}；其余账号仍使用第 ${stable} 版`,
  promote: '全量发布',
  promoteConfirm: (version: number) => `将第 ${version} 版发布给所有账号？`,
  promoted: '已全量发布',
  rollback: '回滚',
  rollbackConfirm: (stable: number) => `所有账号回到第 ${stable} 版？新版本将重新成为待审核的改动。`,
  rolledBack: '已回滚',
} as const;

/** A script change's toast: whether it now waits for a reviewer before the plug-in receives it. */
export const scriptChangeNotice = (done: string, pending: boolean) => (pending ? `${done}，审核通过后插件才会收到` : done);

/** Script health (脚本编辑's 运行情况 column and the editor): what the plug-in's runs say of a version. */
export const SCRIPT_HEALTH_TEXT = {
  column: '运行情况',
  noRuns: '暂无运行',
  successRate: (rate: number) => `成功率 ${Math.round(rate * 100)}%`,
  /** A version whose ended runs were all stopped: no rate. */
  onlyStopped: '均已停止',
  summary: (version: number, runs: number, succeeded: number, partlyFailed: number, failed: number, stopped: number) =>
    `第 ${version} 版：已结束 ${runs} 次，成功 ${succeeded}，部分失败 ${partlyFailed}，失败 ${failed}，停止 ${stopped}`,
  failingSteps: (count: number) => `${count} 个步骤失败过`,
  /** The line above the editor: the version the plug-in runs. */
  liveLine: (version: number) => `插件所得第 ${version} 版`,
  /** The warning on a step's line in the editor. */
  stepNote: (failures: number, lastSeen: string) => `插件运行中此步骤失败 ${failures} 次（最近一次 ${lastSeen}）`,
} as const;
