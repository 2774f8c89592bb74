/**
 * Scripts: the plug-in's action and link scripts (JSON). Every save is a new version; restoring
 * copies an older version into a new one, so history is never rewritten. Staff with the script
 * editor's grant only. Every change is pending until another account holding 审核脚本 approves it
 * (`script/approve`); the plug-in receives approved names, states and versions only.
 */
import { Type, type Static } from '@sinclair/typebox';
import { ACTIONS, CAPABILITY_URLS } from '../capabilities';
import { SCRIPT_CONTENT_MAX, SCRIPT_KINDS, SCRIPT_NAME_MAX, SCRIPT_NOTE_MAX } from '../content';
import { SELF_APPROVAL_REASON_MAX } from '../review';
import { ROLLOUT_ACCOUNTS_MAX } from '../rollout';
import { DateTime, Id, IdBodySchema, Int4, Literals, Nullable, OneOf, Page, PageFields } from './common';
import { defineApi } from './define';

const kindDescription = 'action 动作脚本，url 链接脚本';
const ScriptKind = () => OneOf(SCRIPT_KINDS, kindDescription);
/** The kind in an answer. */
export const ScriptKindAnswer = () => Literals(SCRIPT_KINDS, kindDescription);
const ScriptName = () => Type.String({ minLength: 1, maxLength: SCRIPT_NAME_MAX });
const ScriptContent = () =>
  Type.String({
    minLength: 1,
    maxLength: SCRIPT_CONTENT_MAX,
    description: '脚本的 JSON 文本，须符合步骤语言（docs/plugin-scripts.md）：动作脚本 {flow, steps}，链接脚本 {links}',
  });
const ScriptNote = () => Type.Optional(Type.String({ maxLength: SCRIPT_NOTE_MAX }));

// ---------------------------------------------------------------- bodies

export const ScriptListQuery = Type.Object(
  {
    ...PageFields,
    kind: ScriptKind(),
    name: Type.Optional(Type.String({ maxLength: SCRIPT_NAME_MAX })),
    enabled: Type.Optional(Type.Boolean()),
    pending: Type.Optional(Type.Boolean({ description: 'true：只看有待审核改动的脚本' })),
  },
  { additionalProperties: false },
);
export type ScriptListQuery = Static<typeof ScriptListQuery>;

export const ScriptCreateBody = Type.Object(
  {
    kind: ScriptKind(),
    name: ScriptName(),
    content: ScriptContent(),
    note: ScriptNote(),
  },
  { additionalProperties: false },
);
export type ScriptCreateBody = Static<typeof ScriptCreateBody>;

/** `baseVersion`: the version the editor started from; a save over a newer one is refused. */
export const ScriptSaveBody = Type.Object(
  {
    id: Id(),
    baseVersion: Int4(1),
    content: ScriptContent(),
    note: ScriptNote(),
  },
  { additionalProperties: false },
);
export type ScriptSaveBody = Static<typeof ScriptSaveBody>;

export const ScriptRenameBody = Type.Object({ id: Id(), name: ScriptName() }, { additionalProperties: false });
export type ScriptRenameBody = Static<typeof ScriptRenameBody>;

export const ScriptSetEnabledBody = Type.Object({ id: Id(), enabled: Type.Boolean() }, { additionalProperties: false });
export type ScriptSetEnabledBody = Static<typeof ScriptSetEnabledBody>;

export const ScriptVersionsQuery = Type.Object({ ...PageFields, id: Id() }, { additionalProperties: false });
export type ScriptVersionsQuery = Static<typeof ScriptVersionsQuery>;

export const ScriptVersionRef = Type.Object({ id: Id(), version: Int4(1) }, { additionalProperties: false });
export type ScriptVersionRef = Static<typeof ScriptVersionRef>;

/**
 * An approval (four-eyes, contract/review.ts), of a script change or a release request alike.
 * `revision`: the revision the reviewer saw (the answer's `revision`); a change made since is
 * refused. `reason`: required when the super administrator approves a change of their own.
 */
export const ApprovalBody = Type.Object(
  {
    id: Id(),
    revision: Int4(1),
    reason: Type.Optional(Type.String({ maxLength: SELF_APPROVAL_REASON_MAX })),
  },
  { additionalProperties: false },
);
/** A staged rollout's cohort (contract/rollout.ts): named accounts, and a share of every account. */
export const RolloutCohort = Type.Object(
  {
    usernames: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
      maxItems: ROLLOUT_ACCOUNTS_MAX,
      uniqueItems: true,
      description: '先收到新版本的账号（用户名）',
    }),
    percent: Type.Integer({ minimum: 0, maximum: 100, description: '另按账号的稳定哈希先收到新版本的比例（%）' }),
  },
  { additionalProperties: false },
);
export type RolloutCohort = Static<typeof RolloutCohort>;

export const ScriptApproveBody = Type.Object(
  {
    ...ApprovalBody.properties,
    rollout: Type.Optional({
      ...RolloutCohort,
      description: '灰度发布：新版本先只发给这些账号，其余账号仍用原版本，直到全量发布或回滚；省略即全部发布',
    }),
  },
  { additionalProperties: false },
);
export type ScriptApproveBody = Static<typeof ScriptApproveBody>;

/** `script/promote`, `script/rollback`: the script whose rollout ends. */
export const ScriptRolloutEndBody = Type.Object({ id: Id() }, { additionalProperties: false });
export type ScriptRolloutEndBody = Static<typeof ScriptRolloutEndBody>;

// ---------------------------------------------------------------- answers

const scriptListFields = {
  id: Id(),
  kind: ScriptKindAnswer(),
  name: Type.String(),
  enabled: Type.Boolean(),
  currentVersion: Int4(1),
  updatedBy: Nullable(Type.String({ description: '最后修改者的用户名' })),
  updatedAt: DateTime(),
  pending: Type.Boolean({ description: '有未审核的改动（名称、启用状态或版本与插件所得的不同）' }),
  liveVersion: Nullable(Int4(1)), // the approved version the plug-in receives; null: never approved
  revision: Int4(1),
  pendingAuthors: Type.Array(Type.String(), { description: '待审核改动的作者（用户名），他们不能审核' }),
  rollout: Nullable(
    Type.Object(
      {
        version: Int4(1),
        stableVersion: Int4(1),
        usernames: Type.Array(Type.String()),
        percent: Int4(),
        startedBy: Nullable(Type.String()),
        startedAt: DateTime(),
      },
      { description: '灰度中：version 只发给 usernames 与 percent% 的账号，其余账号收到 stableVersion' },
    ),
  ),
};

export const ScriptListItem = Type.Object(scriptListFields);
export type ScriptListItem = Static<typeof ScriptListItem>;

export const ScriptDetail = Type.Object({
  ...scriptListFields,
  content: Type.String({ description: '当前版本的 JSON 文本' }),
  liveName: Nullable(Type.String({ description: '插件所得的名称' })),
  liveEnabled: Type.Boolean({ description: '插件是否收到该脚本' }),
  liveContent: Nullable(Type.String({ description: '插件所得版本的 JSON 文本' })),
  approvedBy: Nullable(Type.String({ description: '最近一次审核通过的审核人' })),
  approvedAt: Nullable(DateTime()),
});
export type ScriptDetail = Static<typeof ScriptDetail>;

const scriptVersionFields = {
  versionId: Id(),
  version: Int4(1),
  note: Type.String(),
  createdBy: Nullable(Type.String()),
  createdAt: DateTime(),
};

export const ScriptVersionItem = Type.Object(scriptVersionFields, {
  description: 'versionId：版本行的 id（版本打包时引用它）',
});
export type ScriptVersionItem = Static<typeof ScriptVersionItem>;

export const ScriptVersionDetail = Type.Object({
  ...scriptVersionFields,
  scriptId: Id(),
  content: Type.String(),
});
export type ScriptVersionDetail = Static<typeof ScriptVersionDetail>;

/** A top-level step of a version that failed runs: how often, first and last (运行记录's failing step). */
export const ScriptStepHealth = Type.Object({
  index: Int4(1),
  name: Type.String(),
  failures: Int4(),
  firstSeen: DateTime(),
  lastSeen: DateTime(),
});
export type ScriptStepHealth = Static<typeof ScriptStepHealth>;

const versionHealthFields = {
  version: Int4(1),
  /** The ended runs that ran this version (running ones not counted). */
  runs: Int4(),
  succeeded: Int4(),
  partlyFailed: Int4(),
  failed: Int4(),
  stopped: Int4(),
  successRate: Nullable(
    Type.Number({ minimum: 0, maximum: 1, description: '成功的运行占结束（未停止）的运行的比例；没有这样的运行时为 null' }),
  ),
  lastRunAt: Nullable(DateTime()),
};

export const ScriptVersionHealth = Type.Object({
  ...versionHealthFields,
  steps: Type.Array(ScriptStepHealth, { description: '失败过的步骤，最近失败的在前' }),
});
export type ScriptVersionHealth = Static<typeof ScriptVersionHealth>;

export const ScriptHealth = Type.Object({
  scriptId: Id(),
  versions: Type.Array(ScriptVersionHealth, { description: '运行过的版本，新版本在前' }),
});
export type ScriptHealth = Static<typeof ScriptHealth>;

export const ScriptHealthOverviewQuery = Type.Object({ kind: ScriptKind() }, { additionalProperties: false });
export type ScriptHealthOverviewQuery = Static<typeof ScriptHealthOverviewQuery>;

/** A script's current version's health, for 脚本编辑's list. */
export const ScriptHealthSummary = Type.Object({
  scriptId: Id(),
  ...versionHealthFields,
  /** How many top-level steps of the version failed runs. */
  failingSteps: Int4(),
});
export type ScriptHealthSummary = Static<typeof ScriptHealthSummary>;

// ---------------------------------------------------------------- calls

/** One version's health, as both health calls' examples show it. */
const exampleVersionHealth = {
  version: 2,
  runs: 40,
  succeeded: 31,
  partlyFailed: 3,
  failed: 4,
  stopped: 2,
  successRate: 0.8158,
  lastRunAt: '2026-11-28T02:11:30.000Z',
};

const editor = { anyGrant: [CAPABILITY_URLS.canSeeJsonEditer] } as const;
/** 审核脚本 (four-eyes, contract/review.ts). */
export const scriptReviewer = { anyGrant: [CAPABILITY_URLS.canSeeJsonEditer], action: ACTIONS.canApproveScript.url } as const;

const exampleContent = '{\n  "flow": "stop",\n  "steps": [{ "step": "click", "selector": "#submit" }]\n}';
const exampleScript: ScriptDetail = {
  id: 3,
  kind: 'action',
  name: '提交表单',
  enabled: true,
  currentVersion: 2,
  updatedBy: 'admin',
  updatedAt: '2026-11-20T08:00:00.000Z',
  pending: true,
  liveVersion: 1,
  revision: 4,
  pendingAuthors: ['admin'],
  rollout: null,
  content: exampleContent,
  liveName: '提交表单',
  liveEnabled: true,
  liveContent: '{\n  "flow": "stop",\n  "steps": [{ "step": "click", "selector": "#stop" }]\n}',
  approvedBy: 'reviewer',
  approvedAt: '2026-11-19T08:00:00.000Z',
};
const {
  content: _content,
  liveName: _liveName,
  liveEnabled: _liveEnabled,
  liveContent: _liveContent,
  approvedBy: _approvedBy,
  approvedAt: _approvedAt,
  ...exampleListItem
} = exampleScript;
const approvedScript: ScriptDetail = {
  ...exampleScript,
  pending: false,
  liveVersion: 2,
  pendingAuthors: [],
  liveContent: exampleContent,
  approvedBy: 'reviewer',
  approvedAt: '2026-11-20T09:00:00.000Z',
};
const exampleVersion: ScriptVersionItem = {
  versionId: 12,
  version: 2,
  note: '改为点击提交按钮',
  createdBy: 'admin',
  createdAt: '2026-11-20T08:00:00.000Z',
};

export const scriptApi = {
  'script/list': defineApi({
    summary: '某一类脚本的列表：按名称、启用状态筛选，最近修改的在前（分页）',
    auth: editor,
    body: ScriptListQuery,
    answer: Page(ScriptListItem),
    example: {
      body: { current: 1, pageSize: 10, kind: 'action' },
      answer: { list: [exampleListItem], total: 1, current: 1, pageSize: 10 },
    },
  }),
  'script/get': defineApi({
    summary: '一个脚本及其当前版本的内容',
    description: '脚本不存在：A0400（id）。',
    auth: editor,
    body: IdBodySchema,
    answer: ScriptDetail,
    example: { body: { id: 3 }, answer: exampleScript },
  }),
  'script/create': defineApi({
    summary: '新建脚本（第 1 版）',
    description:
      '内容不是有效的 JSON 或不符合步骤语言：A0400（content，指明行号和步骤，如“第 6 行：第 3 步（click）缺少 selector”）；同类脚本中名称已被使用：A0400（name）。',
    auth: editor,
    body: ScriptCreateBody,
    answer: ScriptDetail,
    example: {
      body: {
        kind: 'action',
        name: exampleScript.name,
        content: exampleContent,
      },
      answer: { ...exampleScript, currentVersion: 1 },
    },
  }),
  'script/save': defineApi({
    summary: '保存脚本内容为新版本',
    description:
      '内容无效（同新建）：A0400（content）；当前版本已不是 baseVersion（他人已保存）：A0400，请刷新后再保存；内容与当前版本相同：A0400（content）。',
    auth: editor,
    body: ScriptSaveBody,
    answer: ScriptDetail,
    example: {
      body: {
        id: 3,
        baseVersion: 1,
        content: exampleContent,
        note: exampleVersion.note,
      },
      answer: exampleScript,
    },
  }),
  'script/rename': defineApi({
    summary: '重命名脚本',
    description: '同类脚本中名称已被使用：A0400（name）。',
    auth: editor,
    body: ScriptRenameBody,
    answer: ScriptDetail,
    example: {
      body: { id: 3, name: exampleScript.name },
      answer: exampleScript,
    },
  }),
  'script/setEnabled': defineApi({
    summary: '启用或停用脚本（停用的脚本不下发给插件）',
    auth: editor,
    body: ScriptSetEnabledBody,
    answer: ScriptDetail,
    example: {
      body: { id: 3, enabled: false },
      answer: { ...exampleScript, enabled: false },
    },
  }),
  'script/versions': defineApi({
    summary: '脚本的历史版本，最新的在前（分页）',
    auth: editor,
    body: ScriptVersionsQuery,
    answer: Page(ScriptVersionItem),
    example: {
      body: { id: 3, current: 1, pageSize: 10 },
      answer: { list: [exampleVersion], total: 2, current: 1, pageSize: 10 },
    },
  }),
  'script/version': defineApi({
    summary: '脚本某一版本的内容',
    auth: editor,
    body: ScriptVersionRef,
    answer: ScriptVersionDetail,
    example: {
      body: { id: 3, version: 2 },
      answer: { ...exampleVersion, scriptId: 3, content: exampleContent },
    },
  }),
  'script/approve': defineApi({
    summary: '审核通过脚本的改动：插件从此收到它的当前名称、启用状态和版本',
    description:
      '需要“审核脚本”权限。改动的作者不能审核（A0400）；超级管理员紧急审核自己参与的改动须填写 reason，会记入操作日志并通知其他审核人。' +
      '没有待审核的改动、或 revision 已不是当前的（审核后又有改动）：A0400；通过后整套脚本会被插件拒收：A0400，说明原因。' +
      '带 rollout 即灰度发布：只用于已发布过、名称与启用状态不变的脚本的新版本；该脚本已有灰度中的版本时，任何审核都须先全量发布或回滚（A0400）。',
    auth: scriptReviewer,
    stepUp: true,
    body: ScriptApproveBody,
    answer: ScriptDetail,
    example: {
      body: { id: 3, revision: 4, rollout: { usernames: ['demo_member'], percent: 10 } },
      answer: {
        ...approvedScript,
        rollout: {
          version: 2,
          stableVersion: 1,
          usernames: ['demo_member'],
          percent: 10,
          startedBy: 'reviewer',
          startedAt: '2026-11-20T09:00:00.000Z',
        },
      },
    },
  }),
  'script/promote': defineApi({
    summary: '全量发布灰度中的版本：所有账号都收到它',
    description: '需要“审核脚本”权限。该脚本没有灰度中的版本：A0400。记入操作日志，并通知脚本编辑者。',
    auth: scriptReviewer,
    body: ScriptRolloutEndBody,
    answer: ScriptDetail,
    example: { body: { id: 3 }, answer: approvedScript },
  }),
  'script/rollback': defineApi({
    summary: '回滚灰度中的版本：所有账号回到原版本，新版本重新成为待审核的改动',
    description:
      '需要“审核脚本”权限。该脚本没有灰度中的版本：A0400。新版本的失败率比原版本高出设定的幅度时，服务器也会自动回滚（各实例只回滚一次）。记入操作日志，并通知脚本编辑者。',
    auth: scriptReviewer,
    body: ScriptRolloutEndBody,
    answer: ScriptDetail,
    example: { body: { id: 3 }, answer: { ...exampleScript, pendingAuthors: [] } },
  }),
  'script/health': defineApi({
    summary: '脚本的运行健康度：每个运行过的版本的运行次数、成功率，以及失败过的步骤（次数、首次与最近一次）',
    description: '由插件上报的运行记录（运行记录）得出，只计已结束的运行；链接脚本的失败步骤记在它选中的动作脚本上。',
    auth: editor,
    body: IdBodySchema,
    answer: ScriptHealth,
    example: {
      body: { id: 3 },
      answer: {
        scriptId: 3,
        versions: [
          {
            ...exampleVersionHealth,
            steps: [{ index: 4, name: 'click', failures: 4, firstSeen: '2026-11-27T09:00:00.000Z', lastSeen: '2026-11-28T02:11:30.000Z' }],
          },
        ],
      },
    },
  }),
  'script/healthOverview': defineApi({
    summary: '一类脚本各自下发给插件的版本（审核通过的版本）的运行健康度（脚本编辑列表用）',
    description: '只列出该版本有已结束运行的脚本。',
    auth: editor,
    body: ScriptHealthOverviewQuery,
    answer: Type.Array(ScriptHealthSummary),
    example: {
      body: { kind: 'action' },
      answer: [{ scriptId: 3, ...exampleVersionHealth, failingSteps: 1 }],
    },
  }),
  'script/restore': defineApi({
    summary: '恢复历史版本：把它的内容保存为新的当前版本',
    description: '已是当前版本，或该版本不符合步骤语言：A0400（version）。',
    auth: editor,
    body: ScriptVersionRef,
    answer: ScriptDetail,
    example: {
      body: { id: 3, version: 1 },
      answer: { ...exampleScript, currentVersion: 3 },
    },
  }),
};
