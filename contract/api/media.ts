/**
 * The media library's JSON calls (list, rename, delete), staff with the media grant. The upload
 * (`MEDIA_UPLOAD_URL`, multipart) answers a `MediaItem` too; files are served under
 * `MEDIA_FILE_PREFIX` (contract/content.ts).
 */
import { Type, type Static } from '@sinclair/typebox';
import { CAPABILITY_URLS } from '../capabilities';
import { MEDIA_KINDS, MEDIA_NAME_MAX } from '../content';
import { DateTime, Id, IdBodySchema, Literals, Nullable, OneOf, Page, PageFields } from './common';
import { defineApi } from './define';

export const MediaListQuery = Type.Object(
  {
    ...PageFields,
    kind: Type.Optional(OneOf(MEDIA_KINDS)),
    name: Type.Optional(Type.String({ maxLength: MEDIA_NAME_MAX })),
  },
  { additionalProperties: false },
);
export type MediaListQuery = Static<typeof MediaListQuery>;

export const MediaRenameBody = Type.Object(
  { id: Id(), name: Type.String({ minLength: 1, maxLength: MEDIA_NAME_MAX }) },
  { additionalProperties: false },
);
export type MediaRenameBody = Static<typeof MediaRenameBody>;

export const MediaItem = Type.Object({
  id: Id(),
  name: Type.String({
    description: '显示名（上传时的文件名，除非改过）；从不用作存储路径',
  }),
  kind: Literals(MEDIA_KINDS),
  contentType: Type.String({ description: '由文件内容识别的 MIME 类型' }),
  sizeBytes: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }),
  url: Type.String({ description: '文件的地址（/api/media/<存储键>）' }),
  uploader: Nullable(Type.String()),
  createdAt: DateTime(),
});
export type MediaItem = Static<typeof MediaItem>;

/** Who may use the media calls, the upload included. */
export const MEDIA_STAFF = { anyGrant: [CAPABILITY_URLS.canSeeMediaManager] } as const;

const exampleItem: MediaItem = {
  id: 21,
  name: '活动海报.png',
  kind: 'image',
  contentType: 'image/png',
  sizeBytes: 183_204,
  url: '/api/media/5f0c9d6e2b8a4c1d9e7f3a2b1c0d4e5f.png',
  uploader: 'admin',
  createdAt: '2026-11-20T08:00:00.000Z',
};

export const mediaApi = {
  'media/list': defineApi({
    summary: '素材列表：按类型、名称筛选，最新上传的在前（分页）',
    auth: MEDIA_STAFF,
    body: MediaListQuery,
    answer: Page(MediaItem),
    example: {
      body: { current: 1, pageSize: 12, kind: 'image' },
      answer: { list: [exampleItem], total: 1, current: 1, pageSize: 12 },
    },
  }),
  'media/rename': defineApi({
    summary: '修改素材的显示名（文件地址不变）',
    auth: MEDIA_STAFF,
    body: MediaRenameBody,
    answer: MediaItem,
    example: { body: { id: 21, name: exampleItem.name }, answer: exampleItem },
  }),
  'media/delete': defineApi({
    summary: '删除素材及其文件',
    auth: MEDIA_STAFF,
    body: IdBodySchema,
    answer: Type.Null(),
    example: { body: { id: 21 }, answer: null },
  }),
};
