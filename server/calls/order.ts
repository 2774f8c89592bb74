/**
 * `order/*`: the member centre (server/orders/memberCentre.ts), the order list (server/orders/list.ts),
 * the actions on an order (server/orders/actions.ts) and the recharge screen's account search
 * (server/orders/staff.ts).
 */
import type { CallHandlers } from '../http/calls';
import { cancelPending, confirmPayment, rechargeAccount, refundPaid } from '../orders/actions';
import { listOrders, listRecharges } from '../orders/list';
import { createOrder, levelsOnSale, memberCentre } from '../orders/memberCentre';
import { searchAccounts } from '../orders/staff';

export const orderHandlers = {
  'order/center': ({ db, account }) => memberCentre(db, account.id),
  'order/levels': ({ db }) => levelsOnSale(db),
  'order/create': ({ db, body, account, config }) => createOrder(db, account, body, config.businessTimeZone),
  'order/list': ({ db, body, account, snapshot }) => listOrders(db, body, { account, snapshot }),
  'order/confirm': ({ db, body, account, snapshot, audit }) => confirmPayment(db, body, { account, snapshot, audit }),
  'order/cancel': ({ db, body, account, snapshot, audit }) => cancelPending(db, body, { account, snapshot, audit }),
  'order/refund': ({ db, body, account, snapshot, audit }) => refundPaid(db, body, { account, snapshot, audit }),
  'order/recharge': ({ db, body, account, snapshot, audit, config }) =>
    rechargeAccount(db, body, { account, snapshot, audit }, config.businessTimeZone),
  'order/rechargeList': ({ db, body }) => listRecharges(db, body),
  'order/searchAccounts': ({ db, body, account, snapshot }) => searchAccounts(db, body, { account, snapshot }),
} satisfies Partial<CallHandlers>;
