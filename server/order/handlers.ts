/**
 * `order/*`: the member centre (server/order/memberCentre.ts), the order list (server/order/list.ts),
 * the actions on an order (server/order/actions.ts) and the recharge screen's account search
 * (server/order/staff.ts).
 */
import type { CallHandlers } from '../context';
import { cancelPending, confirmPayment, rechargeAccount, refundPaid } from './actions';
import { listOrders, listRecharges } from './list';
import { createOrder, levelsForSale, memberCentre } from './memberCentre';
import { searchAccounts } from './staff';

export const orderHandlers = {
  'order/center': memberCentre,
  'order/levels': levelsForSale,
  'order/create': createOrder,
  'order/list': listOrders,
  'order/confirm': confirmPayment,
  'order/cancel': cancelPending,
  'order/refund': refundPaid,
  'order/recharge': rechargeAccount,
  'order/rechargeList': listRecharges,
  'order/searchAccounts': searchAccounts,
} satisfies Partial<CallHandlers>;
