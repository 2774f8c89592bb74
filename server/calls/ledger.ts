/** `ledger/*`: a salesperson's balance and ledger entries (server/money/balance.ts). */
import type { CallHandlers } from '../http/calls';
import { balanceOf, listEntries } from '../money/balance';

export const ledgerHandlers = {
  'ledger/balance': balanceOf,
  'ledger/list': listEntries,
} satisfies Partial<CallHandlers>;
