/** 对账's runs and differences (tests/web/reconciliation.test.tsx). */
import type { ReconciliationDifferenceItem, ReconciliationRunItem } from '#contract/api/reconciliation';

export const run = (id: number, differences: number, more: Partial<ReconciliationRunItem> = {}): ReconciliationRunItem => ({
  id,
  trigger: 'daily',
  startedBy: null,
  startedAt: '2026-11-29T16:00:05.000Z',
  finishedAt: '2026-11-29T16:00:06.250Z',
  salespeople: 3,
  entries: 12_345,
  differences,
  ...more,
});
export const differences: ReconciliationDifferenceItem[] = [
  { id: 1, accountId: 7, username: 'sale_li', check: 'balance', reference: '', expectedCents: 12_800, actualCents: 12_900 },
  { id: 2, accountId: 7, username: 'sale_li', check: 'refund', reference: 'order:2026112900001', expectedCents: 0, actualCents: 990 },
  { id: 3, accountId: 8, username: null, check: 'withdrawal', reference: 'withdrawal:4', expectedCents: -500, actualCents: 0 },
];
export const page = <T>(list: T[]) => ({ list, total: list.length, current: 1, pageSize: 20 });
