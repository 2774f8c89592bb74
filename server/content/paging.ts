/** Paging of the content calls: `{ current, pageSize }` with the product's defaults. */
import { DEFAULT_PAGE_SIZE, FIRST_PAGE } from '../../src/shared/constants';

export function pageOf(body: { current?: number; pageSize?: number }) {
  const current = body.current ?? FIRST_PAGE;
  const pageSize = body.pageSize ?? DEFAULT_PAGE_SIZE;
  return { current, pageSize, offset: (current - 1) * pageSize };
}
