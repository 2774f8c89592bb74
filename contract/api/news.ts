/** News: the public list on /news and the staff calls (media grant) that write and publish articles. */
import { Type, type Static } from '@sinclair/typebox';
import { CAPABILITY_URLS } from '../capabilities';
import { NEWS_BODY_MAX, NEWS_STATUSES, NEWS_SUMMARY_MAX, NEWS_TITLE_MAX } from '../content';
import { DateTime, Id, IdBodySchema, Nullable, OneOf, Page, PageFields, PageQuery, Text } from './common';
import { defineApi } from './define';

export const NewsArticle = Type.Object({
  id: Id(),
  title: Type.String(),
  summary: Type.String(),
  body: Type.String(),
  publishedAt: DateTime(),
});
export type NewsArticle = Static<typeof NewsArticle>;

export const NewsAdminItem = Type.Object({
  id: Id(),
  title: Type.String(),
  summary: Type.String(),
  body: Type.String(),
  publishedAt: Nullable(DateTime({ description: '未发布时为 null' })),
  author: Nullable(Type.String()),
  createdAt: DateTime(),
  updatedAt: DateTime(),
});
export type NewsAdminItem = Static<typeof NewsAdminItem>;

const NewsFields = {
  title: Text(NEWS_TITLE_MAX, 1),
  summary: Text(NEWS_SUMMARY_MAX),
  body: Text(NEWS_BODY_MAX),
};

export const NewsAdminListQuery = Type.Object(
  { ...PageFields, title: Type.Optional(Text(NEWS_TITLE_MAX)), status: Type.Optional(OneOf(NEWS_STATUSES)) },
  { additionalProperties: false },
);
export type NewsAdminListQuery = Static<typeof NewsAdminListQuery>;

export const NewsCreateBody = Type.Object({ ...NewsFields, publish: Type.Optional(Type.Boolean()) }, { additionalProperties: false });
export type NewsCreateBody = Static<typeof NewsCreateBody>;

export const NewsUpdateBody = Type.Object({ id: Id(), ...NewsFields }, { additionalProperties: false });
export type NewsUpdateBody = Static<typeof NewsUpdateBody>;

const staff = { anyGrant: [CAPABILITY_URLS.canSeeMediaManager] } as const;

const exampleArticle: NewsAdminItem = {
  id: 7,
  title: '达人计划新功能上线',
  summary: '插件支持批量加入达人计划',
  body: '现在可以一次粘贴多个商品编号……',
  publishedAt: '2026-11-20T08:00:00.000Z',
  author: 'admin',
  createdAt: '2026-11-19T10:30:00.000Z',
  updatedAt: '2026-11-20T08:00:00.000Z',
};
const { author: _author, createdAt: _created, updatedAt: _updated, ...examplePublished } = exampleArticle;

export const newsApi = {
  'news/list': defineApi({
    summary: '已发布的新闻，最新的在前（分页）',
    auth: 'public',
    body: PageQuery,
    answer: Page(NewsArticle),
    example: {
      body: { current: 1, pageSize: 10 },
      answer: { list: [{ ...examplePublished, publishedAt: exampleArticle.publishedAt! }], total: 1, current: 1, pageSize: 10 },
    },
  }),
  'news/adminList': defineApi({
    summary: '新闻管理列表：按标题、发布状态筛选（分页）',
    auth: staff,
    body: NewsAdminListQuery,
    answer: Page(NewsAdminItem),
    example: {
      body: { current: 1, pageSize: 10, status: 'published' },
      answer: { list: [exampleArticle], total: 1, current: 1, pageSize: 10 },
    },
  }),
  'news/create': defineApi({
    summary: '新建新闻（可同时发布）',
    auth: staff,
    body: NewsCreateBody,
    answer: NewsAdminItem,
    example: {
      body: { title: exampleArticle.title, summary: exampleArticle.summary, body: exampleArticle.body, publish: true },
      answer: exampleArticle,
    },
  }),
  'news/update': defineApi({
    summary: '修改新闻的标题、摘要和正文',
    auth: staff,
    body: NewsUpdateBody,
    answer: NewsAdminItem,
    example: {
      body: { id: 7, title: exampleArticle.title, summary: exampleArticle.summary, body: exampleArticle.body },
      answer: exampleArticle,
    },
  }),
  'news/publish': defineApi({
    summary: '发布新闻：从此刻起显示在新闻页',
    description: '已发布的新闻再发布：A0400 该新闻已发布。',
    auth: staff,
    body: IdBodySchema,
    answer: NewsAdminItem,
    example: { body: { id: 7 }, answer: exampleArticle },
  }),
  'news/unpublish': defineApi({
    summary: '撤回发布：新闻页不再显示',
    description: '未发布的新闻：A0400 该新闻尚未发布。',
    auth: staff,
    body: IdBodySchema,
    answer: NewsAdminItem,
    example: { body: { id: 7 }, answer: { ...exampleArticle, publishedAt: null } },
  }),
  'news/delete': defineApi({
    summary: '删除新闻',
    auth: staff,
    body: IdBodySchema,
    answer: Type.Null(),
    example: { body: { id: 7 }, answer: null },
  }),
};
