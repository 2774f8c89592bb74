/** `sale/*`: salespeople (server/money/salespeople.ts). */
import type { CallHandlers } from '../http/calls';
import { listSalespeople, regenerateInviteCode, removeSalesperson, salesOfAccounts, setSale } from '../money/salespeople';

export const saleHandlers = {
  'sale/setSale': ({ db, body, account, snapshot, audit }) => setSale(db, body, { account, snapshot, audit }),
  'sale/list': ({ db, body }) => listSalespeople(db, body),
  'sale/ofAccounts': ({ db, body }) => salesOfAccounts(db, body.accountIds),
  'sale/regenerateCode': ({ db, body, account, snapshot, audit }) => regenerateInviteCode(db, body.accountId, { account, snapshot, audit }),
  'sale/remove': ({ db, body, account, snapshot, audit }) => removeSalesperson(db, body.accountId, { account, snapshot, audit }),
} satisfies Partial<CallHandlers>;
