/** `bankCard/*`: a salesperson's payout cards; the rules live in server/bankCard/cards.ts. */
import type { CallHandlers } from '../context';
import { addCard, listCards, removeCard, setDefaultCard } from './cards';

export const bankCardHandlers = {
  'bankCard/list': listCards,
  'bankCard/add': addCard,
  'bankCard/remove': removeCard,
  'bankCard/setDefault': setDefaultCard,
} satisfies Partial<CallHandlers>;
