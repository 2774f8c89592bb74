/**
 * Demo money (CONSOLE_DEMO=1): demo_sale gets two commissions (posted through the ledger, so the
 * balance and the entries agree) and one payout card. Idempotent: each row is keyed by its
 * reference / fingerprint and only inserted when missing.
 */
import { sql } from 'drizzle-orm';
import { DEMO_ACCOUNTS } from '../../../src/shared/demoAccounts';
import { loadConfig } from '../../config';
import type { Tx } from '../../db/client';
import { queryOne } from '../../db/query';
import { cardFingerprint, fingerprintKey } from '../../money/cardFingerprint';
import { postLedgerEntry } from '../../money/ledger';

export const DEMO_COMMISSIONS = [
  { reference: 'demo:commission-1', amountCents: 9990, note: '演示数据：旗舰版订单佣金' },
  { reference: 'demo:commission-2', amountCents: 2990, note: '演示数据：专业版订单佣金' },
] as const;

/** A UnionPay-style number that passes the Luhn check (not a real card). */
export const DEMO_CARD = { holder: '演示销售', bank: '招商银行', number: '6225880000000001' } as const;

export async function seedDemoMoney(tx: Tx): Promise<void> {
  const sale = await queryOne<{ id: number }>(
    tx,
    sql`select a.id from accounts a join salespeople s on s.account_id = a.id
        where lower(a.username) = lower(${DEMO_ACCOUNTS.salesperson.username})`,
  );
  if (!sale) return;

  for (const commission of DEMO_COMMISSIONS) {
    const exists = await queryOne(
      tx,
      sql`select 1 from ledger_entries where account_id = ${sale.id} and reference = ${commission.reference}`,
    );
    if (!exists) {
      await postLedgerEntry(tx, { accountId: sale.id, kind: 'commission', ...commission });
    }
  }

  // The server computes fingerprints with the key of its configuration, read from the same environment.
  const fingerprint = cardFingerprint(fingerprintKey(loadConfig()), DEMO_CARD.number);
  await tx.execute(
    sql`insert into bank_cards (account_id, holder, bank, last4, fingerprint, is_default)
        select ${sale.id}, ${DEMO_CARD.holder}, ${DEMO_CARD.bank}, ${DEMO_CARD.number.slice(-4)}, ${fingerprint},
               not exists (select 1 from bank_cards where account_id = ${sale.id} and removed_at is null and is_default)
        where not exists (select 1 from bank_cards where account_id = ${sale.id} and fingerprint = ${fingerprint})`,
  );
}
