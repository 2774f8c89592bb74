/** `bankCard/*`: a salesperson's payout cards; the rules live in server/money/cards.ts. */
import { defineCall } from '../http/calls';
import { addCard, listCards, removeCard, setDefaultCard } from '../money/cards';

export const bankCardCalls = [
  defineCall('bankCard/list', ({ db, account, body }) => listCards(db, account.id, body)),
  defineCall('bankCard/add', ({ db, config, account, body }) => addCard(db, config.cardFingerprintKey, account.id, body)),
  defineCall('bankCard/remove', ({ db, account, body }) => removeCard(db, account.id, body.id)),
  defineCall('bankCard/setDefault', ({ db, account, body }) => setDefaultCard(db, account.id, body.id)),
];
