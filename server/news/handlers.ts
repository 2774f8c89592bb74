/** `news/*`: the public list and the staff calls (media grant); the rules live in server/news. */
import type { CallHandlers } from '../context';
import { createArticle, deleteArticle, listForStaff, listPublished, publishArticle, unpublishArticle, updateArticle } from './articles';

export const newsHandlers = {
  'news/list': listPublished,
  'news/adminList': listForStaff,
  'news/create': createArticle,
  'news/update': updateArticle,
  'news/publish': publishArticle,
  'news/unpublish': unpublishArticle,
  'news/delete': deleteArticle,
} satisfies Partial<CallHandlers>;
