/** `/api/admin/news/*` (public) */
import type { PageQuery } from '#contract/api';
import { callApi } from '@/services/request';

export const listNews = (query: PageQuery) => callApi('news/list', query);
