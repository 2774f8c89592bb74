/** `ledger/*`: the salesperson's balance and entries; the rules live in server/money/balance.ts. */
import type { CallHandlers } from '../http/calls';
import { balanceOf, listEntries } from '../money/balance';

export const ledgerHandlers = {
  'ledger/balance': ({ db, account }) => balanceOf(db, account.id),
  'ledger/list': ({ db, account, body }) => listEntries(db, account.id, body),
} satisfies Partial<CallHandlers>;
