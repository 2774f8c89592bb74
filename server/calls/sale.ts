/** `sale/*`: salespeople (server/money/salespeople.ts). */
import { defineCall } from '../http/calls';
import { listSalespeople, regenerateInviteCode, removeSalesperson, salesOfAccounts, setSale } from '../money/salespeople';

export const saleCalls = [
  defineCall('sale/setSale', ({ db, body, account, snapshot, audit }) => setSale(db, body, { account, snapshot, audit })),
  defineCall('sale/list', ({ db, body }) => listSalespeople(db, body)),
  defineCall('sale/ofAccounts', ({ db, body }) => salesOfAccounts(db, body.accountIds)),
  defineCall('sale/regenerateCode', ({ db, body, account, snapshot, audit }) =>
    regenerateInviteCode(db, body.accountId, { account, snapshot, audit }),
  ),
  defineCall('sale/remove', ({ db, body, account, snapshot, audit }) =>
    removeSalesperson(db, body.accountId, { account, snapshot, audit }),
  ),
];
