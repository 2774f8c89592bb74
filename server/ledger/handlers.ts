/** `ledger/*`: a salesperson's balance and ledger entries (server/ledger/balance.ts). */
import type { CallHandlers } from '../context';
import { balanceOf, listEntries } from './balance';

export const ledgerHandlers = {
  'ledger/balance': balanceOf,
  'ledger/list': listEntries,
} satisfies Partial<CallHandlers>;
