/** `bankCard/*`: a salesperson's payout cards; the rules live in server/money/cards.ts. */
import type { CallHandlers } from '../http/calls';
import { addCard, listCards, removeCard, setDefaultCard } from '../money/cards';

export const bankCardHandlers = {
  'bankCard/list': ({ db, account, body }) => listCards(db, account.id, body),
  'bankCard/add': ({ db, config, account, body }) => addCard(db, config.cardFingerprintKey, account.id, body),
  'bankCard/remove': ({ db, account, body }) => removeCard(db, account.id, body.id),
  'bankCard/setDefault': ({ db, account, body }) => setDefaultCard(db, account.id, body.id),
} satisfies Partial<CallHandlers>;
