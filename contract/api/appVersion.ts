/**
 * Plug-in releases and the script versions each one bundles. Versions are semver, unique and
 * strictly increasing; a release's bundle is frozen once it has been published. Staff with the
 * script editor's grant only.
 */
import { Type, type Static } from '@sinclair/typebox';
import { CAPABILITY_URLS } from '../capabilities';
import { CHANGELOG_MAX, RELEASE_STATUSES, URL_MAX, VERSION_MAX } from '../content';
import { DateTime, Id, IdBodySchema, Int4, Literals, Nullable, OneOf, Page, PageFields } from './common';
import { ScriptKindAnswer } from './script';
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

// ---------------------------------------------------------------- answers

export const ReleaseStatus = () => Literals(RELEASE_STATUSES, 'draft 草稿，published 已发布，withdrawn 已撤回');

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
    description: '已发布的版本必须有下载地址：A0400（downloadUrl）。',
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
    summary: '发布版本：插件从此可获取它，脚本清单冻结',
    description: '只有草稿或已撤回的版本可以发布（A0400）；没有下载地址：A0400（downloadUrl）。',
    auth: editor,
    body: IdBodySchema,
    answer: Release,
    example: { body: { id: 4 }, answer: publishedRelease },
  }),
  'appVersion/withdraw': defineApi({
    summary: '撤回已发布的版本：插件不再获取它',
    description: '只有已发布的版本可以撤回（A0400）。',
    auth: editor,
    body: IdBodySchema,
    answer: Release,
    example: {
      body: { id: 4 },
      answer: { ...publishedRelease, status: 'withdrawn' },
    },
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
