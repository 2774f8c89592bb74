/**
 * News articles: the public list (published, newest first) and the staff's writing, publishing
 * and deleting, each change audited. Queries use drizzle's builder on `schema.news`.
 */
import { and, count, desc, eq, ilike, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { NewsAdminItem, NewsAdminListQuery, NewsArticle, NewsCreateBody, NewsUpdateBody } from '#contract/api/news';
import type { Page, PageQuery } from '#contract/api/common';
import { CODES } from '#contract/codes';
import type { Executor } from '../db/client';
import { pageOfQuery } from '../db/paging';
import { containsPattern } from '../db/query';
import { accounts, news } from '../db/schema';
import { badParameter, Refusal } from '../refusal';
import { NEWS_MESSAGES } from './messages';
import type { CallContext, PublicCallContext } from '../context';

const iso = (date: Date) => date.toISOString();

const isPublished = and(isNotNull(news.publishedAt), lte(news.publishedAt, sql`now()`));

export async function listPublished({ db }: PublicCallContext, query: PageQuery): Promise<Page<NewsArticle>> {
  return pageOfQuery(
    query,
    {
      rows: db
        .select({ id: news.id, title: news.title, summary: news.summary, body: news.body, publishedAt: news.publishedAt })
        .from(news)
        .where(isPublished)
        .orderBy(desc(news.publishedAt), desc(news.id))
        .$dynamic(),
      count: db.select({ n: count() }).from(news).where(isPublished),
    },
    (row) => ({ ...row, publishedAt: iso(row.publishedAt!) }),
  );
}

const adminColumns = {
  id: news.id,
  title: news.title,
  summary: news.summary,
  body: news.body,
  publishedAt: news.publishedAt,
  author: accounts.username,
  createdAt: news.createdAt,
  updatedAt: news.updatedAt,
};

type AdminRow = {
  [K in keyof typeof adminColumns]: (typeof adminColumns)[K]['_']['data'] | (K extends 'author' | 'publishedAt' ? null : never);
};

const toAdminItem = (row: AdminRow): NewsAdminItem => ({
  ...row,
  publishedAt: row.publishedAt && iso(row.publishedAt),
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
});

const adminSelect = (db: Executor) => db.select(adminColumns).from(news).leftJoin(accounts, eq(accounts.id, news.authorId));

/** One article as staff see it; A0400 when there is none. `lock` takes its row for an update. */
async function articleById(db: Executor, id: number, lock = false): Promise<NewsAdminItem> {
  const query = adminSelect(db).where(eq(news.id, id));
  const [row] = lock ? await query.for('update', { of: news }) : await query;
  if (!row) throw badParameter('id', NEWS_MESSAGES.missing);
  return toAdminItem(row);
}

export async function listForStaff({ db }: CallContext, query: NewsAdminListQuery): Promise<Page<NewsAdminItem>> {
  const filters: SQL[] = [];
  const title = query.title?.trim();
  if (title) filters.push(ilike(news.title, containsPattern(title)));
  if (query.status === 'published') filters.push(isNotNull(news.publishedAt));
  if (query.status === 'draft') filters.push(isNull(news.publishedAt));
  const where = and(...filters);
  return pageOfQuery(
    query,
    {
      rows: adminSelect(db)
        .where(where)
        .orderBy(sql`${news.publishedAt} desc nulls first`, desc(news.updatedAt), desc(news.id))
        .$dynamic(),
      count: db.select({ n: count() }).from(news).where(where),
    },
    toAdminItem,
  );
}

const requiredTitle = (title: string) => {
  const trimmed = title.trim();
  if (!trimmed) throw badParameter('title', NEWS_MESSAGES.titleRequired);
  return trimmed;
};

export async function createArticle({ db, account, audit }: CallContext, body: NewsCreateBody): Promise<NewsAdminItem> {
  const authorId = account.id;
  const title = requiredTitle(body.title);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(news)
      .values({ title, summary: body.summary, body: body.body, publishedAt: body.publish ? sql`now()` : null, authorId })
      .returning({ id: news.id });
    await audit(tx, { action: 'news.create', targetType: 'news', targetId: row.id, after: { title, published: Boolean(body.publish) } });
    return row.id;
  });
  return articleById(db, id);
}

export async function updateArticle({ db, audit }: CallContext, body: NewsUpdateBody): Promise<NewsAdminItem> {
  const title = requiredTitle(body.title);
  await db.transaction(async (tx) => {
    const before = await articleById(tx, body.id, true);
    await tx
      .update(news)
      .set({ title, summary: body.summary, body: body.body, updatedAt: sql`now()` })
      .where(eq(news.id, body.id));
    await audit(tx, {
      action: 'news.update',
      targetType: 'news',
      targetId: body.id,
      before: { title: before.title, summary: before.summary, body: before.body },
      after: { title, summary: body.summary, body: body.body },
    });
  });
  return articleById(db, body.id);
}

/** Publishing stamps now (the article shows on /news from then on); unpublishing clears it. */
async function setPublished({ db, audit }: CallContext, id: number, publish: boolean): Promise<NewsAdminItem> {
  await db.transaction(async (tx) => {
    const before = await articleById(tx, id, true);
    if ((before.publishedAt !== null) === publish)
      throw new Refusal(CODES.BAD_PARAMETERS, publish ? NEWS_MESSAGES.alreadyPublished : NEWS_MESSAGES.notPublished);
    await tx
      .update(news)
      .set({ publishedAt: publish ? sql`now()` : null, updatedAt: sql`now()` })
      .where(eq(news.id, id));
    await audit(tx, {
      action: publish ? 'news.publish' : 'news.unpublish',
      targetType: 'news',
      targetId: id,
      before: { publishedAt: before.publishedAt },
      after: { published: publish },
    });
  });
  return articleById(db, id);
}

/** `news/publish` */
export const publishArticle = (ctx: CallContext, { id }: { id: number }) => setPublished(ctx, id, true);

/** `news/unpublish` */
export const unpublishArticle = (ctx: CallContext, { id }: { id: number }) => setPublished(ctx, id, false);

export async function deleteArticle({ db, audit }: CallContext, { id }: { id: number }): Promise<null> {
  await db.transaction(async (tx) => {
    const before = await articleById(tx, id, true);
    await tx.delete(news).where(eq(news.id, id));
    await audit(tx, { action: 'news.delete', targetType: 'news', targetId: id, before });
  });
  return null;
}
