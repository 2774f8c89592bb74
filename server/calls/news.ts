/**
 * News: the public `news/list` (published articles, newest first, paged) and the staff calls
 * behind the media grant that write, publish and unpublish them.
 */
import { sql } from 'drizzle-orm';
import { CAPABILITY_URLS } from '#contract/capabilities';
import { CODES } from '#contract/codes';
import type { NewsArticle, Page } from '#contract/api';
import {
  IdBodySchema,
  NewsAdminListQuerySchema,
  NewsCreateSchema,
  NewsUpdateSchema,
  type NewsAdminItem,
} from '#contract/content';
import { PageQuerySchema } from '#contract/schemas';
import type { Executor } from '../db/client';
import { containsPattern, queryOne, queryRows, toIso } from '../db/query';
import { defineCall } from '../http/calls';
import { badParameter, Refusal } from '../http/respond';
import { pageOf } from '../db/paging';

const list = defineCall({
  path: 'news/list',
  auth: 'public',
  body: PageQuerySchema,
  async handler({ db, body }): Promise<Page<NewsArticle>> {
    const { current, pageSize, offset } = pageOf(body);
    const published = sql`published_at is not null and published_at <= now()`;
    const [rows, count] = await Promise.all([
      queryRows<{ id: number; title: string; summary: string; body: string; publishedAt: unknown }>(
        db,
        sql`select id, title, summary, body, published_at as "publishedAt" from news
            where ${published} order by published_at desc, id desc
            limit ${pageSize} offset ${offset}`,
      ),
      queryOne<{ n: number }>(db, sql`select count(*)::int as n from news where ${published}`),
    ]);
    return {
      list: rows.map((row) => ({ ...row, publishedAt: toIso(row.publishedAt)! })),
      total: count?.n ?? 0,
      current,
      pageSize,
    };
  },
});

const staff = { anyGrant: [CAPABILITY_URLS.canSeeMediaManager] } as const;

interface AdminRow extends Omit<NewsAdminItem, 'publishedAt' | 'createdAt' | 'updatedAt'> {
  publishedAt: unknown;
  createdAt: unknown;
  updatedAt: unknown;
}

const adminColumns = sql`n.id, n.title, n.summary, n.body, n.published_at as "publishedAt", u.username as author,
  n.created_at as "createdAt", n.updated_at as "updatedAt"`;

const toAdminItem = (row: AdminRow): NewsAdminItem => ({
  ...row,
  publishedAt: toIso(row.publishedAt),
  createdAt: toIso(row.createdAt)!,
  updatedAt: toIso(row.updatedAt)!,
});

async function articleById(db: Executor, id: number, lock = false): Promise<NewsAdminItem> {
  const row = await queryOne<AdminRow>(
    db,
    sql`select ${adminColumns} from news n left join accounts u on u.id = n.author_id where n.id = ${id}
        ${lock ? sql`for update of n` : sql``}`,
  );
  if (!row) throw badParameter('id', '对应的新闻不存在');
  return toAdminItem(row);
}

const requiredTitle = (title: string) => {
  const trimmed = title.trim();
  if (!trimmed) throw badParameter('title', '不能为空');
  return trimmed;
};

const adminList = defineCall({
  path: 'news/adminList',
  auth: staff,
  body: NewsAdminListQuerySchema,
  async handler({ db, body }): Promise<Page<NewsAdminItem>> {
    const { current, pageSize, offset } = pageOf(body);
    const filters = [sql`true`];
    if (body.title?.trim()) filters.push(sql`n.title ilike ${containsPattern(body.title.trim())}`);
    if (body.status === 'published') filters.push(sql`n.published_at is not null`);
    if (body.status === 'draft') filters.push(sql`n.published_at is null`);
    const where = sql.join(filters, sql` and `);
    const [rows, count] = await Promise.all([
      queryRows<AdminRow>(
        db,
        sql`select ${adminColumns} from news n left join accounts u on u.id = n.author_id where ${where}
            order by n.published_at desc nulls first, n.updated_at desc, n.id desc limit ${pageSize} offset ${offset}`,
      ),
      queryOne<{ n: number }>(db, sql`select count(*)::int as n from news n where ${where}`),
    ]);
    return { list: rows.map(toAdminItem), total: count?.n ?? 0, current, pageSize };
  },
});

const create = defineCall({
  path: 'news/create',
  auth: staff,
  body: NewsCreateSchema,
  async handler({ db, body, account, audit }): Promise<NewsAdminItem> {
    const title = requiredTitle(body.title);
    const id = await db.transaction(async (tx) => {
      const row = await queryOne<{ id: number }>(
        tx,
        sql`insert into news (title, summary, body, published_at, author_id)
            values (${title}, ${body.summary}, ${body.body}, ${body.publish ? sql`now()` : null}, ${account.id}) returning id`,
      );
      await audit(tx, {
        action: 'news.create',
        targetType: 'news',
        targetId: row!.id,
        after: { title, published: Boolean(body.publish) },
      });
      return row!.id;
    });
    return articleById(db, id);
  },
});

const update = defineCall({
  path: 'news/update',
  auth: staff,
  body: NewsUpdateSchema,
  async handler({ db, body, account, audit }): Promise<NewsAdminItem> {
    const title = requiredTitle(body.title);
    await db.transaction(async (tx) => {
      const before = await articleById(tx, body.id, true);
      await tx.execute(
        sql`update news set title = ${title}, summary = ${body.summary}, body = ${body.body}, updated_at = now() where id = ${body.id}`,
      );
      await audit(tx, {
        action: 'news.update',
        targetType: 'news',
        targetId: body.id,
        before: { title: before.title, summary: before.summary, body: before.body },
        after: { title, summary: body.summary, body: body.body },
      });
    });
    return articleById(db, body.id);
  },
});

/** Publishing stamps now (an article shows on /news from then on); unpublishing clears it. */
function publication(path: string, publish: boolean) {
  return defineCall({
    path,
    auth: staff,
    body: IdBodySchema,
    async handler({ db, body, account, audit }): Promise<NewsAdminItem> {
      await db.transaction(async (tx) => {
        const before = await articleById(tx, body.id, true);
        if ((before.publishedAt !== null) === publish) {
          throw new Refusal(CODES.BAD_PARAMETERS, publish ? '该新闻已发布' : '该新闻尚未发布');
        }
        await tx.execute(
          sql`update news set published_at = ${publish ? sql`now()` : null}, updated_at = now() where id = ${body.id}`,
        );
        await audit(tx, {
          action: path.replace('/', '.'),
          targetType: 'news',
          targetId: body.id,
          before: { publishedAt: before.publishedAt },
          after: { published: publish },
        });
      });
      return articleById(db, body.id);
    },
  });
}

const remove = defineCall({
  path: 'news/delete',
  auth: staff,
  body: IdBodySchema,
  async handler({ db, body, account, audit }) {
    await db.transaction(async (tx) => {
      const before = await articleById(tx, body.id, true);
      await tx.execute(sql`delete from news where id = ${body.id}`);
      await audit(tx, { action: 'news.delete', targetType: 'news', targetId: body.id, before });
    });
    return null;
  },
});

export const newsCalls = [list, adminList, create, update, publication('news/publish', true), publication('news/unpublish', false), remove];
