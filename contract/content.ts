/**
 * The plug-in's content (issue 6): scripts and their versions, releases and their script bundles,
 * the plug-in's own calls, media and news administration. Limits, kinds, the media-kind labels the
 * server quotes, and pure helpers (the screens' text and labels are in src/locales/zh-CN/content.ts);
 * the calls' schemas and answer types are in contract/api (script, appVersion, plugin, media, news).
 */
import semverClean from 'semver/functions/clean';
import semverGt from 'semver/functions/gt';
import { fieldLabel } from './fieldLabels';
import { findScriptProblem, type ScriptSiteRules } from './pluginScripts';

// ---------------------------------------------------------------- scripts

export const SCRIPT_KINDS = ['action', 'url'] as const;
export type ScriptKind = (typeof SCRIPT_KINDS)[number];

export const SCRIPT_NAME_MAX = 64;
/** Characters of one script's JSON text (the API's body limit is 1 MiB). */
export const SCRIPT_CONTENT_MAX = 200_000;
export const SCRIPT_NOTE_MAX = 200;

/**
 * What is wrong with a script's JSON text, or null: a syntax error (`第 N 行第 M 列：…`) or a
 * step-language problem naming the step (`第 N 行：第 3 步（click）缺少 selector`, see
 * contract/pluginScripts.ts and docs/plugin-scripts.md). The console checks it before sending and
 * the server again before storing.
 */
export const scriptContentProblem = (kind: ScriptKind, text: string, sites: ScriptSiteRules): string | null =>
  findScriptProblem(kind, text, sites)?.message ?? null;

// ---------------------------------------------------------------- releases

export const RELEASE_STATUSES = ['draft', 'published', 'withdrawn'] as const;
export type ReleaseStatus = (typeof RELEASE_STATUSES)[number];

export const VERSION_MAX = 32;
export const CHANGELOG_MAX = 5000;
export const URL_MAX = 500;

/** `v1.2.3` → `1.2.3`, or null when the text is not a semantic version. */
export const cleanVersion = (text: string): string | null => semverClean(text.trim());

/** What is wrong with a version field's text (`版本号应为语义化版本号（如 1.2.3）`), or null. */
export function versionProblem(field: 'version' | 'minSupportedVersion', text: string): string | null {
  if (!text.trim()) return `${fieldLabel(field)}不能为空`;
  return cleanVersion(text) ? null : `${fieldLabel(field)}应为语义化版本号（如 1.2.3）`;
}

/** Why a minimum supported version can not go with a version (both clean), or null. */
export const minSupportedProblem = (min: string, version: string): string | null =>
  semverGt(min, version) ? `最低支持版本不能高于版本号 ${version}` : null;

/** What is wrong with a release's download address (empty is allowed until it is published), or null. */
export function downloadUrlProblem(url: string): string | null {
  const trimmed = url.trim();
  if (trimmed === '') return null;
  if (trimmed.length > URL_MAX) return `下载地址长度不能超过 ${URL_MAX} 个字符`;
  let parsed: URL;
  try {
    parsed = new URL(trimmed);
  } catch {
    return '下载地址不是有效的网址';
  }
  return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? null : '下载地址应以 http:// 或 https:// 开头';
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
export const NEWS_TITLE_MAX = 100;
export const NEWS_SUMMARY_MAX = 300;
export const NEWS_BODY_MAX = 20_000;

// ---------------------------------------------------------------- shared text

/**
 * Stays in contract: the server refuses to change a published release's script list with this
 * sentence (server/appVersion/releases.ts) and the version screen shows the same one beside the
 * frozen list. The screens' own text is in src/locales/zh-CN/content.ts.
 */
export const CONTENT_TEXT = {
  bundleFrozen: '该版本已发布，脚本清单已冻结，不能再修改',
} as const;
