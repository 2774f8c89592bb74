/**
 * A salesperson's payout cards (`bankCard/*`, server/bankCard/handlers.ts). Only the last four digits and a keyed fingerprint
 * are stored; removing is soft (the withdrawals that name a card keep it); an account with cards
 * always has exactly one default.
 *
 * Every change first locks the owner's account row, so the changes of one account's cards run one
 * after the other (no lost default, no deadlock between a removal and a new default).
 */
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { CODES } from '#contract/codes';
import type { Page, PageQuery } from '#contract/api/common';
import { luhnValid, MAX_CARDS } from '#contract/ledger';
import { requiredText } from '#contract/rules';
import { LEDGER_TEXT } from '../ledger/messages';
import type { AddCardBody, BankCard, CardIdBody } from '#contract/api/bankCard';
import type { Executor } from '../db/client';
import { lockAccounts } from '../db/locks';
import { pageOfQuery } from '../db/paging';
import { bankCards, withdrawals } from '../db/schema';
import { badParameter, Refusal, refuseUniqueViolation } from '../refusal';
import { cardFingerprint } from './cardFingerprint';
import type { CallContext } from '../context';

const cardColumns = {
  id: bankCards.id,
  holder: bankCards.holder,
  bank: bankCards.bank,
  last4: bankCards.last4,
  isDefault: bankCards.isDefault,
  createdAt: bankCards.createdAt,
};
type CardRow = Pick<typeof bankCards.$inferSelect, keyof typeof cardColumns>;

const toCard = ({ id, holder, bank, last4, isDefault, createdAt }: CardRow): BankCard => ({
  id,
  holder,
  bank,
  last4,
  isDefault,
  createdAt: createdAt.toISOString(),
});

/** Serialises the card changes of one account (see the module comment). */
export const lockAccount = (tx: Executor, accountId: number) => lockAccounts(tx, [accountId]);

/**
 * The caller's active card `id`, row-locked; a card of another account is refused exactly like one
 * that does not exist or was removed (A0400 naming the field), so ids can not be probed.
 */
export async function lockOwnCard(tx: Executor, accountId: number, id: number, field = 'id'): Promise<CardRow> {
  const [row] = await tx
    .select({ ...cardColumns, accountId: bankCards.accountId, removedAt: bankCards.removedAt })
    .from(bankCards)
    .where(eq(bankCards.id, id))
    .for('update');
  if (!row || row.removedAt !== null || row.accountId !== accountId) throw badParameter(field, LEDGER_TEXT.cardNotFound);
  return row;
}

/** The account's active cards, the default first, then the newest. */
export async function listCards({ db, account }: CallContext, query: PageQuery): Promise<Page<BankCard>> {
  const accountId = account.id;
  const active = and(eq(bankCards.accountId, accountId), isNull(bankCards.removedAt));
  return pageOfQuery(
    query,
    {
      rows: db.select(cardColumns).from(bankCards).where(active).orderBy(desc(bankCards.isDefault), desc(bankCards.id)).$dynamic(),
      count: db.select({ n: count() }).from(bankCards).where(active),
    },
    toCard,
  );
}

const clearDefault = (tx: Executor, accountId: number) =>
  tx
    .update(bankCards)
    .set({ isDefault: false })
    .where(and(eq(bankCards.accountId, accountId), eq(bankCards.isDefault, true)));

/** Adds a payout card (the first, or one asked to be, becomes the default). */
export async function addCard({ db, config, account }: CallContext, body: AddCardBody): Promise<BankCard> {
  const accountId = account.id;
  const fingerprintKey = config.cardFingerprintKey;
  const holder = body.holder.trim();
  const bank = body.bank.trim();
  if (!holder) throw badParameter('holder', requiredText('holder'));
  if (!bank) throw badParameter('bank', requiredText('bank'));
  if (!luhnValid(body.cardNumber)) throw badParameter('cardNumber', LEDGER_TEXT.cardNumberInvalid);
  const fingerprint = cardFingerprint(fingerprintKey, body.cardNumber);
  const last4 = body.cardNumber.slice(-4);
  // The unique index is the last word should two adds of one card race past the check.
  return refuseUniqueViolation(
    () =>
      db.transaction(async (tx) => {
        await lockAccount(tx, accountId);
        const [existing] = await tx
          .select({ n: count(), taken: sql<boolean>`coalesce(bool_or(${bankCards.fingerprint} = ${fingerprint}), false)` })
          .from(bankCards)
          .where(and(eq(bankCards.accountId, accountId), isNull(bankCards.removedAt)));
        if (existing?.taken) throw badParameter('cardNumber', LEDGER_TEXT.cardTaken);
        if ((existing?.n ?? 0) >= MAX_CARDS) throw new Refusal(CODES.BAD_PARAMETERS, LEDGER_TEXT.cardLimit);
        const makeDefault = (existing?.n ?? 0) === 0 || body.makeDefault === true;
        if (makeDefault) await clearDefault(tx, accountId);
        const [row] = await tx
          .insert(bankCards)
          .values({ accountId, holder, bank, last4, fingerprint, isDefault: makeDefault })
          .returning(cardColumns);
        return toCard(row);
      }),
    badParameter('cardNumber', LEDGER_TEXT.cardTaken),
  );
}

/** Removes (softly) an own card without a pending withdrawal; the newest remaining card becomes the default. */
export async function removeCard({ db, account }: CallContext, { id }: CardIdBody): Promise<{ id: number }> {
  const accountId = account.id;
  return db.transaction(async (tx) => {
    await lockAccount(tx, accountId);
    const card = await lockOwnCard(tx, accountId, id);
    const [pending] = await tx
      .select({ id: withdrawals.id })
      .from(withdrawals)
      .where(and(eq(withdrawals.cardId, card.id), inArray(withdrawals.status, ['pending', 'approved'])))
      .limit(1);
    if (pending) throw new Refusal(CODES.BAD_PARAMETERS, LEDGER_TEXT.cardHasPendingWithdrawal);
    await tx
      .update(bankCards)
      .set({ removedAt: sql`now()`, isDefault: false })
      .where(eq(bankCards.id, card.id));
    if (card.isDefault) {
      // Exactly one default while cards remain: the newest remaining card takes over.
      const newest = tx
        .select({ id: bankCards.id })
        .from(bankCards)
        .where(and(eq(bankCards.accountId, accountId), isNull(bankCards.removedAt)))
        .orderBy(desc(bankCards.id))
        .limit(1);
      await tx.update(bankCards).set({ isDefault: true }).where(eq(bankCards.id, newest));
    }
    return { id: card.id };
  });
}

/** Makes an own card the default. */
export async function setDefaultCard({ db, account }: CallContext, { id }: CardIdBody): Promise<BankCard> {
  const accountId = account.id;
  return db.transaction(async (tx) => {
    await lockAccount(tx, accountId);
    const card = await lockOwnCard(tx, accountId, id);
    if (!card.isDefault) {
      await clearDefault(tx, accountId);
      await tx.update(bankCards).set({ isDefault: true }).where(eq(bankCards.id, card.id));
    }
    return toCard({ ...card, isDefault: true });
  });
}
