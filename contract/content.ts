/**
 * The plug-in's content (issue 6): scripts and their versions, releases and their script bundles,
 * the plug-in's own calls, media and news administration. Limits, kinds, the media-kind labels the
 * server quotes, and pure helpers (the screens' text and labels are in src/locales/zh-CN/content.ts);
 * the calls' schemas and answer types are in contract/api (script, appVersion, plugin, media, news).
 */
import { describeJsonError, findJsonSyntaxError } from './jsonSyntax';

// ---------------------------------------------------------------- scripts

export const SCRIPT_KINDS = ['action', 'url'] as const;
export type ScriptKind = (typeof SCRIPT_KINDS)[number];

export const SCRIPT_NAME_MAX = 64;
/** Characters of one script's JSON text (the API's body limit is 1 MiB). */
export const SCRIPT_CONTENT_MAX = 200_000;
export const SCRIPT_NOTE_MAX = 200;

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

// ---------------------------------------------------------------- releases

export const RELEASE_STATUSES = ['draft', 'published', 'withdrawn'] as const;
export type ReleaseStatus = (typeof RELEASE_STATUSES)[number];

export const VERSION_MAX = 32;
export const CHANGELOG_MAX = 5000;
export const URL_MAX = 500;

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
 * sentence (server/releases/releases.ts) and the version screen shows the same one beside the
 * frozen list. The screens' own text is in src/locales/zh-CN/content.ts.
 */
export const CONTENT_TEXT = {
  bundleFrozen: '该版本已发布，脚本清单已冻结，不能再修改',
} as const;
