/** The transaction retry under the lock order: only deadlock and serialization aborts, at most three tries, each logged. */
import type { Db } from '../../server/db/client';
import { TRANSACTION_TRIES, withTransactionRetry, type TransactionRetry } from '../../server/db/retry';

/** A driver error as drizzle hands it on: the PostgreSQL error in `cause`. */
const pgError = (code: string) => Object.assign(new Error('Failed query'), { cause: Object.assign(new Error(code), { code }) });

function fakeDb(failures: Error[]) {
  let runs = 0;
  const db = {
    marker: 'the original',
    async transaction(callback: (tx: unknown) => Promise<unknown>) {
      runs += 1;
      const failure = failures.shift();
      const result = await callback({});
      if (failure) throw failure;
      return result;
    },
  };
  return { db: db as unknown as Db, runs: () => runs };
}

describe('withTransactionRetry', () => {
  it('runs a transaction again after a deadlock or a serialization failure, and logs each retry', async () => {
    const { db, runs } = fakeDb([pgError('40P01'), pgError('40001')]);
    const retries: TransactionRetry[] = [];
    const retrying = withTransactionRetry(db, (retry) => retries.push(retry));
    await expect(retrying.transaction(async () => 'done')).resolves.toBe('done');
    expect(runs()).toBe(3);
    expect(retries).toEqual([
      { code: '40P01', attempt: 1, total: 1 },
      { code: '40001', attempt: 2, total: 2 },
    ]);
    // Everything else is the database itself.
    expect((retrying as any).marker).toBe('the original');
  });

  it(`gives up after ${TRANSACTION_TRIES} tries with the last error`, async () => {
    const last = pgError('40P01');
    const { db, runs } = fakeDb([pgError('40P01'), pgError('40P01'), last, pgError('40P01')]);
    const retrying = withTransactionRetry(db, () => {});
    await expect(retrying.transaction(async () => 'done')).rejects.toBe(last);
    expect(runs()).toBe(TRANSACTION_TRIES);
  });

  it('does not retry other failures', async () => {
    const unique = pgError('23505');
    const { db, runs } = fakeDb([unique]);
    const retries: TransactionRetry[] = [];
    await expect(withTransactionRetry(db, (retry) => retries.push(retry)).transaction(async () => 'done')).rejects.toBe(unique);
    expect(runs()).toBe(1);
    expect(retries).toEqual([]);
  });
});
