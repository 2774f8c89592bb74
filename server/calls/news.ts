/** Public `news/list`: published articles, newest first, paged. */
import { sql } from 'drizzle-orm';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE } from '../../src/shared/constants';
import type { NewsArticle, Page } from '../../src/shared/api';
import { PageQuerySchema } from '../../src/shared/schemas';
import { queryOne, queryRows, toIso } from '../db/query';
import { defineCall } from '../http/calls';

const list = defineCall({
  path: 'news/list',
  auth: 'public',
  body: PageQuerySchema,
  async handler({ db, body }): Promise<Page<NewsArticle>> {
    const current = body.current ?? FIRST_PAGE;
    const pageSize = body.pageSize ?? DEFAULT_PAGE_SIZE;
    const published = sql`published_at is not null and published_at <= now()`;
    const [rows, count] = await Promise.all([
      queryRows<{ id: number; title: string; summary: string; body: string; publishedAt: unknown }>(
        db,
        sql`select id, title, summary, body, published_at as "publishedAt" from news
            where ${published} order by published_at desc, id desc
            limit ${pageSize} offset ${(current - 1) * pageSize}`,
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

export const newsCalls = [list];
