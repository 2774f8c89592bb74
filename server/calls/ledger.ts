/** `ledger/*`: the salesperson's balance and entries; the rules live in server/money/balance.ts. */
import { defineCall } from '../http/calls';
import { balanceOf, listEntries } from '../money/balance';

export const ledgerCalls = [
  defineCall('ledger/balance', ({ db, account }) => balanceOf(db, account.id)),
  defineCall('ledger/list', ({ db, account, body }) => listEntries(db, account.id, body)),
];
