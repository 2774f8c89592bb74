/**
 * The plug-in's content (issue 6): scripts and their versions, releases and their script bundles,
 * the plug-in's own calls, media and news administration. Body schemas (TypeBox) validated by the
 * server, the answers' shapes, and the screen strings the tests look for.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Id as RowId, Int4, PageFields } from './api/common';
import { describeJsonError, findJsonSyntaxError } from './jsonSyntax';

const enumOf = <T extends string>(values: readonly T[]) => Type.Unsafe<T>({ type: 'string', enum: [...values] });


const Id = RowId();

const strictObject = <P extends Record<string, TSchema>>(properties: P) => Type.Object(properties, { additionalProperties: false });

export { IdBodySchema, type IdBody } from './api/common';

// ---------------------------------------------------------------- scripts

export const SCRIPT_KINDS = ['action', 'url'] as const;
export type ScriptKind = (typeof SCRIPT_KINDS)[number];
export const SCRIPT_KIND_LABELS: Record<ScriptKind, string> = { action: '动作脚本', url: '链接脚本' };

export const SCRIPT_NAME_MAX = 64;
/** Characters of one script's JSON text (the API's body limit is 1 MiB). */
export const SCRIPT_CONTENT_MAX = 200_000;
export const SCRIPT_NOTE_MAX = 200;

const ScriptName = Type.String({ minLength: 1, maxLength: SCRIPT_NAME_MAX });
const ScriptContent = Type.String({ minLength: 1, maxLength: SCRIPT_CONTENT_MAX });
const ScriptNote = Type.Optional(Type.String({ maxLength: SCRIPT_NOTE_MAX }));

/**
 * What is wrong with a script's JSON text (`第 N 行第 M 列：…`), or null. The console checks it
 * before sending and the server again before storing.
 */
export function scriptContentProblem(text: string): string | null {
  const error = findJsonSyntaxError(text);
  if (error) return describeJsonError(error);
  const first = text.trimStart()[0];
  return first === '{' || first === '[' ? null : '脚本内容应为 JSON 对象或数组';
}

export const ScriptListQuerySchema = strictObject({
  ...PageFields,
  kind: enumOf(SCRIPT_KINDS),
  name: Type.Optional(Type.String({ maxLength: SCRIPT_NAME_MAX })),
  enabled: Type.Optional(Type.Boolean()),
});
export const ScriptCreateSchema = strictObject({ kind: enumOf(SCRIPT_KINDS), name: ScriptName, content: ScriptContent, note: ScriptNote });
/** `baseVersion`: the version the editor started from; a save over a newer one is refused. */
export const ScriptSaveSchema = strictObject({ id: Id, baseVersion: Int4(1), content: ScriptContent, note: ScriptNote });
export const ScriptRenameSchema = strictObject({ id: Id, name: ScriptName });
export const ScriptSetEnabledSchema = strictObject({ id: Id, enabled: Type.Boolean() });
export const ScriptVersionsQuerySchema = strictObject({ ...PageFields, id: Id });
export const ScriptVersionRefSchema = strictObject({ id: Id, version: Int4(1) });

export type ScriptListQuery = Static<typeof ScriptListQuerySchema>;
export type ScriptCreateBody = Static<typeof ScriptCreateSchema>;
export type ScriptSaveBody = Static<typeof ScriptSaveSchema>;
export type ScriptRenameBody = Static<typeof ScriptRenameSchema>;
export type ScriptSetEnabledBody = Static<typeof ScriptSetEnabledSchema>;
export type ScriptVersionsQuery = Static<typeof ScriptVersionsQuerySchema>;
export type ScriptVersionRef = Static<typeof ScriptVersionRefSchema>;

export interface ScriptListItem {
  id: number;
  kind: ScriptKind;
  name: string;
  enabled: boolean;
  currentVersion: number;
  /** username of the last editor */
  updatedBy: string | null;
  /** ISO 8601, UTC */
  updatedAt: string;
}

export interface ScriptDetail extends ScriptListItem {
  /** The JSON text of the current version. */
  content: string;
}

export interface ScriptVersionItem {
  /** The version row's id (what a release bundle refers to). */
  versionId: number;
  version: number;
  note: string;
  createdBy: string | null;
  /** ISO 8601, UTC */
  createdAt: string;
}

export interface ScriptVersionDetail extends ScriptVersionItem {
  scriptId: number;
  content: string;
}

// ---------------------------------------------------------------- releases

export const RELEASE_STATUSES = ['draft', 'published', 'withdrawn'] as const;
export type ReleaseStatus = (typeof RELEASE_STATUSES)[number];
export const RELEASE_STATUS_LABELS: Record<ReleaseStatus, string> = { draft: '草稿', published: '已发布', withdrawn: '已撤回' };

export const VERSION_MAX = 32;
export const CHANGELOG_MAX = 5000;
export const URL_MAX = 500;

const SemverText = Type.String({ minLength: 1, maxLength: VERSION_MAX });
const ReleaseEditable = {
  changelog: Type.String({ maxLength: CHANGELOG_MAX }),
  downloadUrl: Type.String({ maxLength: URL_MAX }),
  minSupportedVersion: SemverText,
};

export const ReleaseListQuerySchema = strictObject({
  ...PageFields,
  status: Type.Optional(enumOf(RELEASE_STATUSES)),
  version: Type.Optional(Type.String({ maxLength: VERSION_MAX })),
});
export const ReleaseCreateSchema = strictObject({ version: SemverText, ...ReleaseEditable });
/** The version number itself is fixed once created (delete a draft to renumber it). */
export const ReleaseUpdateSchema = strictObject({ id: Id, ...ReleaseEditable });
export const ReleaseSetBundleSchema = strictObject({
  id: Id,
  scriptVersionIds: Type.Array(Id, { maxItems: 500, uniqueItems: true }),
});

export type ReleaseListQuery = Static<typeof ReleaseListQuerySchema>;
export type ReleaseCreateBody = Static<typeof ReleaseCreateSchema>;
export type ReleaseUpdateBody = Static<typeof ReleaseUpdateSchema>;
export type ReleaseSetBundleBody = Static<typeof ReleaseSetBundleSchema>;

export interface Release {
  id: number;
  version: string;
  changelog: string;
  downloadUrl: string;
  minSupportedVersion: string;
  status: ReleaseStatus;
  /** ISO 8601, UTC; set when first published */
  releasedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** How many script versions the release bundles. */
  scriptCount: number;
}

export interface BundleScript {
  scriptId: number;
  kind: ScriptKind;
  name: string;
  enabled: boolean;
  currentVersion: number;
  /** The bundled version of this script, if any. */
  selectedVersionId: number | null;
  selectedVersion: number | null;
  /** Every version of the script, newest first. */
  versions: Array<{ versionId: number; version: number; note: string; createdAt: string }>;
}

export interface ReleaseBundle {
  release: Release;
  /** A published (or withdrawn) release's bundle can no longer change. */
  frozen: boolean;
  scripts: BundleScript[];
}

// ---------------------------------------------------------------- plug-in calls

export const PluginLatestReleaseSchema = strictObject({ version: SemverText });
export type PluginLatestReleaseBody = Static<typeof PluginLatestReleaseSchema>;

export interface PluginRelease {
  version: string;
  changelog: string;
  downloadUrl: string;
  minSupportedVersion: string;
  releasedAt: string | null;
}

export interface PluginLatestRelease {
  /** The newest published release, or null when none is published. */
  latest: PluginRelease | null;
  /** Whether the asking version is at least the latest's minimum supported version. */
  supported: boolean;
  /** Whether the latest is newer than the asking version. */
  updateAvailable: boolean;
}

export interface PluginScript {
  id: number;
  kind: ScriptKind;
  name: string;
  version: number;
  /** The parsed JSON of that version. */
  content: unknown;
}

export interface PluginScripts {
  /** The release the scripts come from (the newest published), or null. */
  release: string | null;
  scripts: PluginScript[];
}

// ---------------------------------------------------------------- media

export const MEDIA_KINDS = ['image', 'video', 'other'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];
export const MEDIA_KIND_LABELS: Record<MediaKind, string> = { image: '图片', video: '视频', other: '其他' };
export const MEDIA_NAME_MAX = 200;
/** multipart POST (not a JSON call), same bearer token and grant as the media calls. */
export const MEDIA_UPLOAD_URL = '/api/admin/media/upload';
/** Where a stored file is served: `${MEDIA_FILE_PREFIX}<storage key>`. */
export const MEDIA_FILE_PREFIX = '/api/media/';
/** What the upload accepts (checked from the bytes, not the name); SVG is refused (it can run script). */
export const MEDIA_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp,video/mp4,video/webm,video/quicktime';

export const MediaListQuerySchema = strictObject({
  ...PageFields,
  kind: Type.Optional(enumOf(MEDIA_KINDS)),
  name: Type.Optional(Type.String({ maxLength: MEDIA_NAME_MAX })),
});
export const MediaRenameSchema = strictObject({ id: Id, name: Type.String({ minLength: 1, maxLength: MEDIA_NAME_MAX }) });

export type MediaListQuery = Static<typeof MediaListQuerySchema>;
export type MediaRenameBody = Static<typeof MediaRenameSchema>;

export interface MediaItem {
  id: number;
  /** Display name (the uploaded file's name unless renamed); never part of the storage path. */
  name: string;
  kind: MediaKind;
  contentType: string;
  sizeBytes: number;
  /** Where the file is served. */
  url: string;
  uploader: string | null;
  createdAt: string;
}

/** `12.3 MB` */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
}

// ---------------------------------------------------------------- news administration

export const NEWS_STATUSES = ['published', 'draft'] as const;
export type NewsStatus = (typeof NEWS_STATUSES)[number];
export const NEWS_STATUS_LABELS: Record<NewsStatus, string> = { published: '已发布', draft: '未发布' };
export const NEWS_TITLE_MAX = 100;
export const NEWS_SUMMARY_MAX = 300;
export const NEWS_BODY_MAX = 20_000;

// ---------------------------------------------------------------- screen strings

export const CONTENT_TEXT = {
  format: '格式化',
  save: '保存',
  saved: '已保存为新版本',
  history: '历史版本',
  compare: '对比',
  restore: '恢复此版本',
  restored: '已恢复为新版本',
  newScript: '新建脚本',
  invalidJson: 'JSON 格式错误',
  newRelease: '新建版本',
  publish: '发布',
  withdraw: '撤回',
  bundleFrozen: '该版本已发布，脚本清单已冻结，不能再修改',
  saveBundle: '保存脚本清单',
  uploadHint: '点击或拖拽图片、视频到此区域上传',
  newsTab: '新闻管理',
  mediaTab: '素材库',
  newNews: '新建新闻',
  unpublish: '撤回发布',
} as const;
