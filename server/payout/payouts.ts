/**
 * 打款批次 (issue 32; docs/payments.md, "Payout batches"): approved withdrawals gathered into a batch,
 * paid from its bank file and marked paid together. Lock order (docs/concurrency.md): a batch's row
 * before its withdrawals' rows; gathering locks only withdrawal rows that no batch holds, in
 * ascending id, and checks them again under the lock, so two batches never take one withdrawal.
 */
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Page } from '#contract/api';
import type { IdBody } from '#contract/api/common';
import type { PayoutBatch, PayoutCreateBody, PayoutListQuery } from '#contract/api/payout';
import { CODES } from '#contract/codes';
import { MAX_BATCH_WITHDRAWALS } from '#contract/payouts';
import type { CallContext } from '../context';
import type { Executor } from '../db/client';
import { pageOfQuery } from '../db/paging';
import { queryOne, queryRows } from '../db/query';
import { accounts, payoutBatches, withdrawals } from '../db/schema';
import { announce } from '../notification/announce';
import { badParameter, Refusal } from '../refusal';
import { PAYOUT_TEXT } from './messages';

const creators = alias(accounts, 'creator');
const payers = alias(accounts, 'payer');

const selectBatches = (db: Executor) =>
  db
    .select({
      id: payoutBatches.id,
      status: payoutBatches.status,
      withdrawals: payoutBatches.withdrawals,
      amountCents: payoutBatches.amountCents,
      feeCents: payoutBatches.feeCents,
      createdBy: creators.username,
      createdAt: payoutBatches.createdAt,
      paidBy: payers.username,
      paidAt: payoutBatches.paidAt,
    })
    .from(payoutBatches)
    .leftJoin(creators, eq(creators.id, payoutBatches.createdBy))
    .leftJoin(payers, eq(payers.id, payoutBatches.paidBy))
    .$dynamic();

const batchItem = (row: Awaited<ReturnType<typeof selectBatches>>[number]): PayoutBatch => ({
  ...row,
  amountCents: Number(row.amountCents),
  feeCents: Number(row.feeCents),
  payoutCents: Number(row.amountCents) - Number(row.feeCents),
  createdAt: row.createdAt.toISOString(),
  paidAt: row.paidAt && row.paidAt.toISOString(),
});

async function batchById(db: Executor, id: number): Promise<PayoutBatch> {
  const [row] = await selectBatches(db).where(eq(payoutBatches.id, id));
  return batchItem(row);
}

/** `payout/list`: the batches, newest first. */
export function listBatches({ db }: CallContext, { status, ...page }: PayoutListQuery): Promise<Page<PayoutBatch>> {
  const where = status ? eq(payoutBatches.status, status) : undefined;
  return pageOfQuery(
    page,
    {
      rows: selectBatches(db).where(where).orderBy(desc(payoutBatches.id)),
      count: db.select({ n: count() }).from(payoutBatches).where(where),
    },
    batchItem,
  );
}

/** A row of `lockGatherable`: the bigints as the drivers hand back raw SQL values. */
type Gathered = Pick<typeof withdrawals.$inferSelect, 'id'> & Record<'amountCents' | 'feeCents', number | string>;

/** The approved withdrawals no batch holds among `ids` (or approved in the range), locked in ascending id. */
function lockGatherable(tx: Executor, body: PayoutCreateBody): Promise<Gathered[]> {
  const which = body.withdrawalIds
    ? sql`id in (${sql.join(
        body.withdrawalIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql`reviewed_at >= coalesce(${body.reviewedFrom ?? null}::timestamptz, '-infinity') and reviewed_at < coalesce(${body.reviewedTo ?? null}::timestamptz, 'infinity')`;
  return queryRows<Gathered>(
    tx,
    sql`select id, amount_cents as "amountCents", fee_cents as "feeCents" from withdrawals
        where status = 'approved' and batch_id is null and ${which}
        order by id limit ${MAX_BATCH_WITHDRAWALS + 1} for update`,
  );
}

/**
 * `payout/create`: a new open batch of the chosen approved withdrawals (every one must be approved
 * and in no batch), or of every one approved in the time range (at most MAX_BATCH_WITHDRAWALS).
 */
export async function createBatch({ db, account, audit }: CallContext, body: PayoutCreateBody): Promise<PayoutBatch> {
  const byRange = body.reviewedFrom !== undefined || body.reviewedTo !== undefined;
  if ((body.withdrawalIds !== undefined) === byRange) throw badParameter('withdrawalIds', PAYOUT_TEXT.chooseOne);
  const id = await db.transaction(async (tx) => {
    const gathered = await lockGatherable(tx, body);
    if (body.withdrawalIds) {
      const found = new Set(gathered.map((row) => Number(row.id)));
      const refused = body.withdrawalIds.filter((wanted) => !found.has(wanted));
      if (refused.length) throw badParameter('withdrawalIds', PAYOUT_TEXT.notApproved(refused.sort((a, b) => a - b)));
    } else if (gathered.length === 0) {
      throw badParameter('reviewedFrom', PAYOUT_TEXT.noneInRange);
    } else if (gathered.length > MAX_BATCH_WITHDRAWALS) {
      throw badParameter('reviewedFrom', PAYOUT_TEXT.tooMany(MAX_BATCH_WITHDRAWALS));
    }
    const sum = (pick: (row: Gathered) => number | string) => gathered.reduce((total, row) => total + Number(pick(row)), 0);
    const [batch] = await tx
      .insert(payoutBatches)
      .values({
        withdrawals: gathered.length,
        amountCents: sum((row) => row.amountCents),
        feeCents: sum((row) => row.feeCents),
        createdBy: account.id,
      })
      .returning({ id: payoutBatches.id });
    const ids = gathered.map((row) => Number(row.id));
    await tx.update(withdrawals).set({ batchId: batch.id }).where(inArray(withdrawals.id, ids));
    await audit(tx, { action: 'payout.create', targetType: 'payoutBatch', targetId: batch.id, after: { withdrawalIds: ids } });
    return batch.id;
  });
  return batchById(db, id);
}

/** The batch `id`, locked; refused when it does not exist or is not open. */
async function lockOpenBatch(tx: Executor, id: number) {
  const row = await queryOne<{ status: string }>(tx, sql`select status from payout_batches where id = ${id} for update`);
  if (!row) throw badParameter('id', PAYOUT_TEXT.batchNotFound);
  if (row.status !== 'open') throw new Refusal(CODES.BAD_PARAMETERS, PAYOUT_TEXT.notOpen);
}

/**
 * `payout/markPaid`: the batch and its withdrawals paid, each salesperson told. Nobody confirms the
 * payout of their own withdrawal (A0301).
 */
export async function markBatchPaid({ db, account, audit }: CallContext, { id }: IdBody): Promise<PayoutBatch> {
  await db.transaction(async (tx) => {
    await lockOpenBatch(tx, id);
    const [own] = await tx
      .select({ id: withdrawals.id })
      .from(withdrawals)
      .where(and(eq(withdrawals.batchId, id), eq(withdrawals.accountId, account.id)))
      .limit(1);
    if (own) throw new Refusal(CODES.NOT_AUTHORISED, PAYOUT_TEXT.ownWithdrawal);
    const paid = await tx
      .update(withdrawals)
      .set({ status: 'paid', paidAt: sql`now()` })
      .where(and(eq(withdrawals.batchId, id), eq(withdrawals.status, 'approved')))
      .returning({ id: withdrawals.id, accountId: withdrawals.accountId, amountCents: withdrawals.amountCents });
    await tx
      .update(payoutBatches)
      .set({ status: 'paid', paidBy: account.id, paidAt: sql`now()` })
      .where(and(eq(payoutBatches.id, id), eq(payoutBatches.status, 'open')));
    for (const withdrawal of paid) {
      await announce(tx, {
        kind: 'withdrawal.paid',
        record: withdrawal.id,
        recipientId: Number(withdrawal.accountId),
        actorId: account.id,
        data: { amountCents: Number(withdrawal.amountCents), batchId: id },
      });
    }
    await audit(tx, {
      action: 'payout.markPaid',
      targetType: 'payoutBatch',
      targetId: id,
      after: { withdrawalIds: paid.map((row) => row.id) },
    });
  });
  return batchById(db, id);
}

/** `payout/cancel`: an open batch taken apart; its withdrawals wait for another (the foreign key clears their batch). */
export async function cancelBatch({ db, audit }: CallContext, { id }: IdBody): Promise<null> {
  await db.transaction(async (tx) => {
    await lockOpenBatch(tx, id);
    await tx.delete(payoutBatches).where(eq(payoutBatches.id, id));
    await audit(tx, { action: 'payout.cancel', targetType: 'payoutBatch', targetId: id });
  });
  return null;
}
