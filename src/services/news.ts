/** `/api/admin/news/*` (public) */
import { callApi } from '@/services/request';
import type { NewsArticle, Page, PageQuery } from '#contract/api';

export const listNews = (query: PageQuery) => callApi<Page<NewsArticle>>('news/list', query);
