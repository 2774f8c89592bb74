/** `news/*`: the public list and the staff calls (media grant); the rules live in server/news. */
import type { CallHandlers } from '../http/calls';
import { createArticle, deleteArticle, listForStaff, listPublished, setPublished, updateArticle } from '../news/articles';

export const newsHandlers = {
  'news/list': ({ db, body }) => listPublished(db, body),
  'news/adminList': ({ db, body }) => listForStaff(db, body),
  'news/create': ({ db, body, account, audit }) => createArticle(db, account.id, body, audit),
  'news/update': ({ db, body, audit }) => updateArticle(db, body, audit),
  'news/publish': ({ db, body, audit }) => setPublished(db, body.id, true, audit),
  'news/unpublish': ({ db, body, audit }) => setPublished(db, body.id, false, audit),
  'news/delete': ({ db, body, audit }) => deleteArticle(db, body.id, audit),
} satisfies Partial<CallHandlers>;
