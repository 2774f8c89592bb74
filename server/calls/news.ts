/** `news/*`: the public list and the staff calls (media grant); the rules live in server/news. */
import { defineCall } from '../http/calls';
import { createArticle, deleteArticle, listForStaff, listPublished, setPublished, updateArticle } from '../news/articles';

export const newsCalls = [
  defineCall('news/list', ({ db, body }) => listPublished(db, body)),
  defineCall('news/adminList', ({ db, body }) => listForStaff(db, body)),
  defineCall('news/create', ({ db, body, account, audit }) => createArticle(db, account.id, body, audit)),
  defineCall('news/update', ({ db, body, audit }) => updateArticle(db, body, audit)),
  defineCall('news/publish', ({ db, body, audit }) => setPublished(db, body.id, true, audit)),
  defineCall('news/unpublish', ({ db, body, audit }) => setPublished(db, body.id, false, audit)),
  defineCall('news/delete', ({ db, body, audit }) => deleteArticle(db, body.id, audit)),
];
