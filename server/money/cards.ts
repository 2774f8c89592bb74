/**
 * `bankCard/*`: a salesperson's payout cards. Only the last four digits and a keyed fingerprint
 * are stored; removing is soft (the withdrawals that name a card keep it); an account with cards
 * always has exactly one default.
 *
 * Every change first locks the owner's account row, so the changes of one account's cards run one
 * after the other (no lost default, no deadlock between a removal and a new default).
 */
import { sql } from 'drizzle-orm';
import { CODES } from '#contract/codes';
import type { Page } from '#contract/api';
import { LEDGER_TEXT, luhnValid, MAX_CARDS } from '#contract/ledger';
import type { BankCard } from '#contract/api/bankCard';
import type { Executor } from '../db/client';
import { pgErrorCode, queryOne, toIso, UNIQUE_VIOLATION } from '../db/query';
import { lockAccounts } from '../db/locks';
import { defineCall } from '../http/calls';
import { badParameter, Refusal } from '../http/respond';
import { cardFingerprint } from './cardFingerprint';
import { fetchPage } from '../db/paging';

interface CardRow {
  id: number;
  holder: string;
  bank: string;
  last4: string;
  isDefault: boolean;
  createdAt: unknown;
}

const cardColumns = sql`id, holder, bank, last4, is_default as "isDefault", created_at as "createdAt"`;

const toCard = (row: CardRow): BankCard => ({
  id: Number(row.id),
  holder: row.holder,
  bank: row.bank,
  last4: row.last4,
  isDefault: Boolean(row.isDefault),
  createdAt: toIso(row.createdAt)!,
});

/** Serialises the card changes of one account (see the module comment). */
export const lockAccount = (tx: Executor, accountId: number) => lockAccounts(tx, [accountId]);

/**
 * The caller's active card `id`, row-locked; a card of another account is refused exactly like one
 * that does not exist or was removed (A0400 naming the field), so ids can not be probed.
 */
export async function lockOwnCard(tx: Executor, accountId: number, id: number, field = 'id'): Promise<CardRow> {
  const row = await queryOne<CardRow & { accountId: number; removed: boolean }>(
    tx,
    sql`select ${cardColumns}, account_id as "accountId", removed_at is not null as removed
        from bank_cards where id = ${id} for update`,
  );
  if (!row || row.removed || row.accountId !== accountId) throw badParameter(field, LEDGER_TEXT.cardNotFound);
  return row;
}

  // The ledger screen lists the cards too, to pick the one a withdrawal is paid to.
const list = defineCall('bankCard/list', async ({ db, account, body }) => {
  const where = sql`account_id = ${account.id} and removed_at is null`;
  return fetchPage<CardRow, BankCard>(
    db,
    body,
    {
      rows: sql`select ${cardColumns} from bank_cards where ${where} order by is_default desc, id desc`,
      count: sql`select count(*)::int as n from bank_cards where ${where}`,
    },
    toCard,
  );
});

const add = defineCall('bankCard/add', async ({ db, config, account, body }) => {
  const holder = body.holder.trim();
  const bank = body.bank.trim();
  if (!holder) throw badParameter('holder', '不能为空');
  if (!bank) throw badParameter('bank', '不能为空');
  if (!luhnValid(body.cardNumber)) throw badParameter('cardNumber', '校验未通过，请核对卡号');
  const fingerprint = cardFingerprint(config.cardFingerprintKey, body.cardNumber);
  const last4 = body.cardNumber.slice(-4);
  try {
    return await db.transaction(async (tx) => {
      await lockAccount(tx, account.id);
      const existing = await queryOne<{ n: number; taken: boolean }>(
        tx,
        sql`select count(*)::int as n, coalesce(bool_or(fingerprint = ${fingerprint}), false) as taken
            from bank_cards where account_id = ${account.id} and removed_at is null`,
      );
      if (existing?.taken) throw badParameter('cardNumber', LEDGER_TEXT.cardTaken);
      if ((existing?.n ?? 0) >= MAX_CARDS) throw new Refusal(CODES.BAD_PARAMETERS, LEDGER_TEXT.cardLimit);
      const makeDefault = (existing?.n ?? 0) === 0 || body.makeDefault === true;
      if (makeDefault) {
        await tx.execute(sql`update bank_cards set is_default = false where account_id = ${account.id} and is_default`);
      }
      const row = await queryOne<CardRow>(
        tx,
        sql`insert into bank_cards (account_id, holder, bank, last4, fingerprint, is_default)
            values (${account.id}, ${holder}, ${bank}, ${last4}, ${fingerprint}, ${makeDefault})
            returning ${cardColumns}`,
      );
      return toCard(row!);
    });
  } catch (error) {
    // The unique index is the last word should two adds of one card race past the check.
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw badParameter('cardNumber', LEDGER_TEXT.cardTaken);
    throw error;
  }
});

const remove = defineCall('bankCard/remove', async ({ db, account, body }) => {
  return db.transaction(async (tx) => {
    await lockAccount(tx, account.id);
    const card = await lockOwnCard(tx, account.id, body.id);
    const pending = await queryOne(
      tx,
      sql`select 1 from withdrawals where card_id = ${card.id} and status = 'pending' limit 1`,
    );
    if (pending) throw new Refusal(CODES.BAD_PARAMETERS, LEDGER_TEXT.cardHasPendingWithdrawal);
    await tx.execute(sql`update bank_cards set removed_at = now(), is_default = false where id = ${card.id}`);
    if (card.isDefault) {
      // Exactly one default while cards remain: the newest remaining card takes over.
      await tx.execute(
        sql`update bank_cards set is_default = true
            where id = (select id from bank_cards where account_id = ${account.id} and removed_at is null
                        order by id desc limit 1)`,
      );
    }
    return { id: card.id };
  });
});

const setDefault = defineCall('bankCard/setDefault', async ({ db, account, body }) => {
  return db.transaction(async (tx) => {
    await lockAccount(tx, account.id);
    const card = await lockOwnCard(tx, account.id, body.id);
    if (!card.isDefault) {
      await tx.execute(sql`update bank_cards set is_default = false where account_id = ${account.id} and is_default`);
      await tx.execute(sql`update bank_cards set is_default = true where id = ${card.id}`);
    }
    return toCard({ ...card, isDefault: true });
  });
});

export const cardCalls = [list, add, remove, setDefault];
