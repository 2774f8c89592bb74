/** `sale/*`: 销售管理, the salespeople and their invite codes (server/sale/salespeople.ts). */
import type { CallHandlers } from '../context';
import { listSalespeople, regenerateInviteCode, removeSalesperson, salesOfAccounts, setSale } from './salespeople';

export const saleHandlers = {
  'sale/setSale': setSale,
  'sale/list': listSalespeople,
  'sale/ofAccounts': salesOfAccounts,
  'sale/regenerateCode': regenerateInviteCode,
  'sale/remove': removeSalesperson,
} satisfies Partial<CallHandlers>;
