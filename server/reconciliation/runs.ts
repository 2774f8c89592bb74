/** 对账's lists and 立即对账 (contract/api/reconciliation.ts); the checks are in ./reconcile.ts. */
import { and, count, desc, eq } from 'drizzle-orm';
import type { Page } from '#contract/api';
import type { ReconciliationDifferenceItem, ReconciliationDifferencesQuery, ReconciliationRunItem } from '#contract/api/reconciliation';
import type { PageQuery } from '#contract/api/common';
import type { CallContext } from '../context';
import type { Executor } from '../db/client';
import { pageOfQuery } from '../db/paging';
import { accounts, reconciliationDifferences, reconciliationRuns } from '../db/schema';
import { badParameter } from '../refusal';
import { RECONCILIATION_TEXT } from './messages';
import { reconcile } from './reconcile';

const runColumns = {
  id: reconciliationRuns.id,
  trigger: reconciliationRuns.trigger,
  startedBy: accounts.username,
  startedAt: reconciliationRuns.startedAt,
  finishedAt: reconciliationRuns.finishedAt,
  salespeople: reconciliationRuns.salespeople,
  entries: reconciliationRuns.entries,
  differences: reconciliationRuns.differences,
};

const selectRuns = (db: Executor) =>
  db.select(runColumns).from(reconciliationRuns).leftJoin(accounts, eq(accounts.id, reconciliationRuns.startedBy)).$dynamic();

const runItem = (row: Awaited<ReturnType<typeof selectRuns>>[number]): ReconciliationRunItem => ({
  ...row,
  startedAt: row.startedAt.toISOString(),
  finishedAt: row.finishedAt.toISOString(),
  entries: Number(row.entries),
});

/** The runs, newest first. */
export function listRuns({ db }: CallContext, query: PageQuery): Promise<Page<ReconciliationRunItem>> {
  return pageOfQuery(
    query,
    {
      rows: selectRuns(db).orderBy(desc(reconciliationRuns.startedAt), desc(reconciliationRuns.id)),
      count: db.select({ n: count() }).from(reconciliationRuns),
    },
    runItem,
  );
}

/** A run's differences, by salesperson; A0400 on `runId` for a run that does not exist. */
export async function listDifferences(
  { db }: CallContext,
  { runId, check, ...page }: ReconciliationDifferencesQuery,
): Promise<Page<ReconciliationDifferenceItem>> {
  const [run] = await db.select({ id: reconciliationRuns.id }).from(reconciliationRuns).where(eq(reconciliationRuns.id, runId));
  if (!run) throw badParameter('runId', RECONCILIATION_TEXT.runNotFound);
  const where = and(eq(reconciliationDifferences.runId, runId), check ? eq(reconciliationDifferences.check, check) : undefined);
  return pageOfQuery(
    page,
    {
      rows: db
        .select({
          id: reconciliationDifferences.id,
          accountId: reconciliationDifferences.accountId,
          username: accounts.username,
          check: reconciliationDifferences.check,
          reference: reconciliationDifferences.reference,
          expectedCents: reconciliationDifferences.expectedCents,
          actualCents: reconciliationDifferences.actualCents,
        })
        .from(reconciliationDifferences)
        .leftJoin(accounts, eq(accounts.id, reconciliationDifferences.accountId))
        .where(where)
        .orderBy(reconciliationDifferences.id)
        .$dynamic(),
      count: db.select({ n: count() }).from(reconciliationDifferences).where(where),
    },
    (row) => row,
  );
}

/** 立即对账: a run now, answered as the list shows it (A0501 while another runs, or too soon after the last). */
export async function runNow({ db, account }: CallContext): Promise<ReconciliationRunItem> {
  const run = await reconcile(db, { trigger: 'manual', startedBy: account.id });
  // A manual run is never skipped: `reconcile` refuses instead.
  const [row] = await selectRuns(db).where(eq(reconciliationRuns.id, run!.id));
  return runItem(row);
}
