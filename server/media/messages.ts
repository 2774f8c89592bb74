/** What the server says about media (媒体素材管理 and its uploads). */
import { formatBytes, MEDIA_KIND_LABELS, type MediaKind } from '#contract/content';

/** What an upload may be, in words. */
export const ACCEPTED_FORMATS_TEXT = 'PNG、JPEG、GIF、WebP 图片或 MP4、WebM、MOV 视频';

export const MEDIA_MESSAGES = {
  nameRequired: '名称不能为空',
  missing: '该素材不存在',
  /** The shown name of an upload whose file name says nothing. */
  unnamed: '未命名',
  notMultipart: '文件应以 multipart/form-data 上传',
  noFile: '请选择要上传的文件',
  tooLarge: (imageMaxBytes: number, videoMaxBytes: number) =>
    `文件超过大小上限（图片不超过 ${formatBytes(imageMaxBytes)}，视频不超过 ${formatBytes(videoMaxBytes)}）`,
  malformed: '上传的数据不完整或格式不正确',
  empty: '上传的文件是空文件',
  unsupportedType: `文件类型不支持，只能上传 ${ACCEPTED_FORMATS_TEXT}`,
  kindTooLarge: (kind: MediaKind, maxBytes: number) => `${MEDIA_KIND_LABELS[kind]}不能超过 ${formatBytes(maxBytes)}`,
  fileMissing: '文件不存在',
} as const;
