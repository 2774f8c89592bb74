/**
 * `shop/*`: a bind the console starts and the plug-in reports, an account's own shops and the
 * staff's view of every shop; the rules live in server/shops/shops.ts.
 */
import { defineCall } from '../http/calls';
import { forceUnbindShop, listAllShops, listOwnShops, reportShop, startBind, unbindOwnShop } from '../shops/shops';

export const shopCalls = [
  defineCall('shop/bindStart', ({ db, account }) => startBind(db, account)),
  // The plug-in calls with its plug-in token (auth 'plugin') and the bind id the console handed it.
  defineCall('shop/report', ({ db, body, account }) => reportShop(db, account, body)),
  defineCall('shop/list', ({ db, body, account }) => listOwnShops(db, account.id, body)),
  defineCall('shop/unbind', ({ db, body, account }) => unbindOwnShop(db, account.id, body.id)),
  defineCall('shop/listAll', ({ db, body }) => listAllShops(db, body)),
  defineCall('shop/forceUnbind', ({ db, body, account, audit }) => forceUnbindShop(db, account.id, body.id, audit)),
];
