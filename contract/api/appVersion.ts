/**
 * Plug-in releases and the script versions each one bundles. Versions are semver, unique and
 * strictly increasing; a release's bundle is frozen once it has been published. Staff with the
 * script editor's grant only. Publishing, withdrawing and editing a published release are requests
 * that take effect when another account holding 审核脚本 approves them (`appVersion/approve`).
 */
import { Type, type Static } from '@sinclair/typebox';
import { ACTIONS, CAPABILITY_URLS } from '../capabilities';
import type { ReleaseChangeAction } from '../review';
import { CHANGELOG_MAX, RELEASE_STATUSES, URL_MAX, VERSION_MAX } from '../content';
import { DateTime, Id, IdBodySchema, Int4, Literals, Nullable, OneOf, Page, PageFields } from './common';
import { ApprovalBody, ScriptKindAnswer } from './script';
import { defineApi } from './define';

/** A semver text as sent (`v1.2.3` is cleaned to `1.2.3` by the server). */
export const SemverText = () => Type.String({ minLength: 1, maxLength: VERSION_MAX });

const ReleaseEditable = {
  changelog: Type.String({ maxLength: CHANGELOG_MAX }),
  downloadUrl: Type.String({ maxLength: URL_MAX }),
  minSupportedVersion: SemverText(),
};

// ---------------------------------------------------------------- bodies

export const ReleaseListQuery = Type.Object(
  {
    ...PageFields,
    status: Type.Optional(OneOf(RELEASE_STATUSES)),
    version: Type.Optional(Type.String({ maxLength: VERSION_MAX })),
  },
  { additionalProperties: false },
);
export type ReleaseListQuery = Static<typeof ReleaseListQuery>;

export const ReleaseCreateBody = Type.Object({ version: SemverText(), ...ReleaseEditable }, { additionalProperties: false });
export type ReleaseCreateBody = Static<typeof ReleaseCreateBody>;

/** The version number itself is fixed once created (delete a draft to renumber it). */
export const ReleaseUpdateBody = Type.Object({ id: Id(), ...ReleaseEditable }, { additionalProperties: false });
export type ReleaseUpdateBody = Static<typeof ReleaseUpdateBody>;

export const ReleaseSetBundleBody = Type.Object(
  {
    id: Id(),
    scriptVersionIds: Type.Array(Id(), { maxItems: 500, uniqueItems: true }),
  },
  { additionalProperties: false },
);
export type ReleaseSetBundleBody = Static<typeof ReleaseSetBundleBody>;

/** As `script/approve`: the revision reviewed, and a reason for the super administrator's own request. */
export const ReleaseApproveBody = ApprovalBody;
export type ReleaseApproveBody = Static<typeof ApprovalBody>;

// ---------------------------------------------------------------- answers

export const ReleaseStatus = () => Literals(RELEASE_STATUSES, 'draft 草稿，published 已发布，withdrawn 已撤回');

export const PendingReleaseChangeSchema = Type.Union(
  [
    Type.Object({ action: Type.Literal('publish' satisfies ReleaseChangeAction) }),
    Type.Object({ action: Type.Literal('withdraw' satisfies ReleaseChangeAction) }),
    Type.Object({ action: Type.Literal('update' satisfies ReleaseChangeAction), ...ReleaseEditable }),
  ],
  { description: '待审核的申请：publish 发布，withdraw 撤回，update 修改已发布版本（附新的值）' },
);

/** A release's change waiting for approval: publish it, withdraw it, or new values for a served one. */
export type PendingReleaseChange = Static<typeof PendingReleaseChangeSchema>;

export const Release = Type.Object({
  id: Id(),
  version: Type.String(),
  changelog: Type.String(),
  downloadUrl: Type.String({ description: '未填写时为空字符串' }),
  minSupportedVersion: Type.String(),
  status: ReleaseStatus(),
  releasedAt: Nullable(DateTime({ description: '首次发布的时间；从未发布为 null' })),
  createdAt: DateTime(),
  updatedAt: DateTime(),
  scriptCount: Int4(0),
  pendingChange: Nullable(PendingReleaseChangeSchema),
  pendingBy: Nullable(Type.String({ description: '提出申请的用户名' })),
  pendingAt: Nullable(DateTime()),
  revision: Int4(1),
});
export type Release = Static<typeof Release>;

export const BundleScriptVersion = Type.Object({
  versionId: Id(),
  version: Int4(1),
  note: Type.String(),
  createdAt: DateTime(),
});
export type BundleScriptVersion = Static<typeof BundleScriptVersion>;

export const BundleScript = Type.Object({
  scriptId: Id(),
  kind: ScriptKindAnswer(),
  name: Type.String(),
  enabled: Type.Boolean(),
  currentVersion: Int4(1),
  selectedVersionId: Nullable(Id()),
  selectedVersion: Nullable(Int4(1)),
  versions: Type.Array(BundleScriptVersion, {
    description: '该脚本的全部版本，最新的在前',
  }),
});
export type BundleScript = Static<typeof BundleScript>;

export const ReleaseBundle = Type.Object({
  release: Release,
  frozen: Type.Boolean({
    description: '已发布（或已撤回）的版本，脚本清单不能再修改',
  }),
  scripts: Type.Array(BundleScript),
});
export type ReleaseBundle = Static<typeof ReleaseBundle>;

// ---------------------------------------------------------------- calls

const editor = { anyGrant: [CAPABILITY_URLS.canSeeJsonEditer] } as const;
const reviewer = { anyGrant: [CAPABILITY_URLS.canSeeJsonEditer], action: ACTIONS.canApproveScript.url } as const;

const exampleRelease: Release = {
  id: 4,
  version: '1.3.0',
  changelog: '支持批量加入达人计划',
  downloadUrl: 'https://downloads.example.com/plugin-1.3.0.zip',
  minSupportedVersion: '1.2.0',
  status: 'draft',
  releasedAt: null,
  createdAt: '2026-11-19T10:30:00.000Z',
  updatedAt: '2026-11-19T10:30:00.000Z',
  scriptCount: 1,
  pendingChange: null,
  pendingBy: null,
  pendingAt: null,
  revision: 1,
};
const publishRequested: Release = {
  ...exampleRelease,
  pendingChange: { action: 'publish' },
  pendingBy: 'operator',
  pendingAt: '2026-11-20T07:00:00.000Z',
  revision: 2,
};
const publishedRelease: Release = {
  ...exampleRelease,
  status: 'published',
  releasedAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-20T08:00:00.000Z',
};
const exampleBundle: ReleaseBundle = {
  release: exampleRelease,
  frozen: false,
  scripts: [
    {
      scriptId: 3,
      kind: 'action',
      name: '提交表单',
      enabled: true,
      currentVersion: 2,
      selectedVersionId: 12,
      selectedVersion: 2,
      versions: [
        {
          versionId: 12,
          version: 2,
          note: '改为点击提交按钮',
          createdAt: '2026-11-20T08:00:00.000Z',
        },
        {
          versionId: 9,
          version: 1,
          note: '',
          createdAt: '2026-11-18T08:00:00.000Z',
        },
      ],
    },
  ],
};
const {
  id: _id,
  status: _status,
  releasedAt: _released,
  createdAt: _created,
  updatedAt: _updated,
  scriptCount: _count,
  pendingChange: _pendingChange,
  pendingBy: _pendingBy,
  pendingAt: _pendingAt,
  revision: _revision,
  ...exampleEditable
} = exampleRelease;

export const appVersionApi = {
  'appVersion/list': defineApi({
    summary: '插件版本列表：按状态、版本号筛选，最新的在前（分页）',
    auth: editor,
    body: ReleaseListQuery,
    answer: Page(Release),
    example: {
      body: { current: 1, pageSize: 10, status: 'draft' },
      answer: { list: [exampleRelease], total: 1, current: 1, pageSize: 10 },
    },
  }),
  'appVersion/create': defineApi({
    summary: '新建插件版本（草稿）',
    description:
      '版本号须为语义化版本且高于已有的最高版本；最低支持版本不能高于它；下载地址须为 http(s) 网址或留空。不满足：A0400 指明字段。',
    auth: editor,
    body: ReleaseCreateBody,
    answer: Release,
    example: {
      body: exampleEditable,
      answer: { ...exampleRelease, scriptCount: 0 },
    },
  }),
  'appVersion/update': defineApi({
    summary: '修改版本的更新说明、下载地址和最低支持版本（版本号不可改）',
    description:
      '草稿和已撤回的版本直接修改；已发布的版本的修改成为待审核的申请（pendingChange.action = update），通过后才生效。' +
      '已发布的版本必须有下载地址：A0400（downloadUrl）；已有待审核的申请：A0400。',
    auth: editor,
    body: ReleaseUpdateBody,
    answer: Release,
    example: {
      body: {
        id: 4,
        changelog: exampleRelease.changelog,
        downloadUrl: exampleRelease.downloadUrl,
        minSupportedVersion: exampleRelease.minSupportedVersion,
      },
      answer: exampleRelease,
    },
  }),
  'appVersion/publish': defineApi({
    summary: '申请发布版本：另一位审核人通过后插件才可获取它，脚本清单冻结',
    description: '只有草稿或已撤回的版本可以申请发布（A0400）；没有下载地址：A0400（downloadUrl）；已有待审核的申请：A0400。',
    auth: editor,
    body: IdBodySchema,
    answer: Release,
    example: { body: { id: 4 }, answer: publishRequested },
  }),
  'appVersion/withdraw': defineApi({
    summary: '申请撤回已发布的版本：审核通过后插件不再获取它',
    description: '只有已发布的版本可以申请撤回（A0400）；已有待审核的申请：A0400。',
    auth: editor,
    body: IdBodySchema,
    answer: Release,
    example: {
      body: { id: 4 },
      answer: { ...publishedRelease, pendingChange: { action: 'withdraw' }, pendingBy: 'operator', revision: 3 },
    },
  }),
  'appVersion/cancelRequest': defineApi({
    summary: '撤销版本待审核的申请（发布、撤回或修改），版本保持原样',
    description: '没有待审核的申请：A0400。',
    auth: editor,
    body: IdBodySchema,
    answer: Release,
    example: { body: { id: 4 }, answer: { ...exampleRelease, revision: 3 } },
  }),
  'appVersion/approve': defineApi({
    summary: '审核通过版本的申请：发布、撤回或修改从此生效',
    description:
      '需要“审核脚本”权限。申请人不能审核（A0400）；超级管理员紧急审核自己的申请须填写 reason，会记入操作日志并通知其他审核人。' +
      '没有待审核的申请、或 revision 已不是当前的：A0400。',
    auth: reviewer,
    stepUp: true,
    body: ReleaseApproveBody,
    answer: Release,
    example: { body: { id: 4, revision: 2 }, answer: { ...publishedRelease, revision: 3 } },
  }),
  'appVersion/delete': defineApi({
    summary: '删除草稿版本',
    description: '只有草稿可以删除（A0400），已发布的版本请撤回。',
    auth: editor,
    body: IdBodySchema,
    answer: Type.Null(),
    example: { body: { id: 4 }, answer: null },
  }),
  'appVersion/bundle': defineApi({
    summary: '版本的脚本清单：每个脚本的全部版本及打包的那一版',
    auth: editor,
    body: IdBodySchema,
    answer: ReleaseBundle,
    example: { body: { id: 4 }, answer: exampleBundle },
  }),
  'appVersion/setBundle': defineApi({
    summary: '保存草稿版本的脚本清单（每个脚本至多一个版本）',
    description: '版本已发布或已撤回：A0400 清单已冻结；含不存在的脚本版本或同一脚本的两个版本：A0400（scriptVersionIds）。',
    auth: editor,
    body: ReleaseSetBundleBody,
    answer: ReleaseBundle,
    example: { body: { id: 4, scriptVersionIds: [12] }, answer: exampleBundle },
  }),
};
