/**
 * `shop/*`: a bind the console starts and the plug-in reports, an account's own shops and the
 * staff's view of every shop; the rules live in server/shops/shops.ts.
 */
import type { CallHandlers } from '../http/calls';
import { forceUnbindShop, listAllShops, listOwnShops, reportShop, startBind, unbindOwnShop } from '../shops/shops';

export const shopHandlers = {
  'shop/bindStart': ({ db, account }) => startBind(db, account),
  // The plug-in calls with its plug-in token (auth 'plugin') and the bind id the console handed it.
  'shop/report': ({ db, body, account }) => reportShop(db, account, body),
  'shop/list': ({ db, body, account }) => listOwnShops(db, account.id, body),
  'shop/unbind': ({ db, body, account }) => unbindOwnShop(db, account.id, body.id),
  'shop/listAll': ({ db, body }) => listAllShops(db, body),
  'shop/forceUnbind': ({ db, body, account, audit }) => forceUnbindShop(db, account.id, body.id, audit),
} satisfies Partial<CallHandlers>;
