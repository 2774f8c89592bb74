/** `bankCard/*`: a salesperson's payout cards; the rules live in server/money/cards.ts. */
import type { CallHandlers } from '../http/calls';
import { addCard, listCards, removeCard, setDefaultCard } from '../money/cards';

export const bankCardHandlers = {
  'bankCard/list': listCards,
  'bankCard/add': addCard,
  'bankCard/remove': removeCard,
  'bankCard/setDefault': setDefaultCard,
} satisfies Partial<CallHandlers>;
