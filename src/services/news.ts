/** `/api/admin/news/*` (public) */
import { callApi } from '@/models/request';
import type { NewsArticle, Page, PageQuery } from '@/shared/api';

export const listNews = (query: PageQuery) => callApi<Page<NewsArticle>>('news/list', query);
