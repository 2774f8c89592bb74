/**
 * Demo money (CONSOLE_DEMO=1): demo_sale gets an opening balance (an adjustment posted through the
 * ledger, so the balance and the entries agree) beside the commission of demo_member's paid order
 * (posted by the orders seed, which runs first), and one payout card. Idempotent: each row is keyed
 * by its reference / fingerprint and only inserted when missing.
 */
import { OPENING_BALANCE_REFERENCE } from '#contract/ledger';
import { sql } from 'drizzle-orm';
import { DEMO_ACCOUNTS } from '#contract/demoAccounts';
import type { ServerConfig } from '../../config';
import type { Tx } from '../../db/client';
import { queryOne } from '../../db/query';
import { cardFingerprint } from '../../bankCard/cardFingerprint';
import { postLedgerEntry } from '../../ledger/entries';
import { commissionOf } from '#contract/money';
import { DEMO_MEMBER_LEVEL, DEMO_SALE_COMMISSION_BP, MEMBERSHIP_LEVEL_SEEDS } from '../demo';

export const DEMO_OPENING_BALANCE = { reference: OPENING_BALANCE_REFERENCE, amountCents: 9990, note: '演示数据：期初余额' } as const;

const demoMemberLevel = MEMBERSHIP_LEVEL_SEEDS.find((level) => level.name === DEMO_MEMBER_LEVEL)!;
/** The commission of demo_member's paid order (server/seed/domains/orders.ts). */
export const DEMO_SALE_COMMISSION_CENTS = commissionOf(demoMemberLevel.priceCents, DEMO_SALE_COMMISSION_BP);
export const DEMO_SALE_BALANCE_CENTS = DEMO_OPENING_BALANCE.amountCents + DEMO_SALE_COMMISSION_CENTS;
/** demo_sale's seeded ledger: the commission, then the opening balance. */
export const DEMO_SALE_LEDGER = { entries: 2, commissions: 1 } as const;

/** A UnionPay-style number that passes the Luhn check (not a real card). */
export const DEMO_CARD = { holder: '演示销售', bank: '招商银行', number: '6225880000000001' } as const;

export async function seedDemoMoney(tx: Tx, config: ServerConfig): Promise<void> {
  const sale = await queryOne<{ id: number }>(
    tx,
    sql`select a.id from accounts a join salespeople s on s.account_id = a.id
        where lower(a.username) = lower(${DEMO_ACCOUNTS.salesperson.username})`,
  );
  if (!sale) return;

  const opened = await queryOne(
    tx,
    sql`select 1 from ledger_entries where account_id = ${sale.id} and reference = ${DEMO_OPENING_BALANCE.reference}`,
  );
  if (!opened) await postLedgerEntry(tx, { accountId: sale.id, kind: 'adjustment', ...DEMO_OPENING_BALANCE });

  const fingerprint = cardFingerprint(config.cardFingerprintKey, DEMO_CARD.number);
  await tx.execute(
    sql`insert into bank_cards (account_id, holder, bank, last4, fingerprint, is_default)
        select ${sale.id}, ${DEMO_CARD.holder}, ${DEMO_CARD.bank}, ${DEMO_CARD.number.slice(-4)}, ${fingerprint},
               not exists (select 1 from bank_cards where account_id = ${sale.id} and removed_at is null and is_default)
        where not exists (select 1 from bank_cards where account_id = ${sale.id} and fingerprint = ${fingerprint})`,
  );
}
