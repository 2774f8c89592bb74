/** `ledger/*`: a salesperson's balance and ledger entries (server/ledger/balance.ts), and its monthly statement (./statement.ts). */
import type { CallHandlers } from '../context';
import { balanceOf, listEntries } from './balance';
import { statementOf } from './statement';

export const ledgerHandlers = {
  'ledger/balance': balanceOf,
  'ledger/list': listEntries,
  'ledger/statement': statementOf,
} satisfies Partial<CallHandlers>;
