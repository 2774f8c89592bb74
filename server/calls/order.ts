/**
 * `order/*`: the member centre (server/orders/memberCentre.ts), the order list (server/orders/list.ts),
 * the actions on an order (server/orders/actions.ts) and the recharge screen's account search
 * (server/orders/staff.ts).
 */
import type { CallHandlers } from '../http/calls';
import { cancelPending, confirmPayment, rechargeAccount, refundPaid } from '../orders/actions';
import { listOrders, listRecharges } from '../orders/list';
import { createOrder, levelsForSale, memberCentre } from '../orders/memberCentre';
import { searchAccounts } from '../orders/staff';

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
