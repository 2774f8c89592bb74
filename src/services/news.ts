/** `/api/admin/news/*` (public) */
import type { PageQuery } from '#contract/api';
import { callApiAnswer as callApi } from '@/services/request';

export const listNews = (query: PageQuery) => callApi('news/list', query);
