/** `shop/*`: a member's shops and the plug-in's bind report, staff's view of every shop; the rules live in server/shop/shops.ts. */
import type { CallHandlers } from '../context';
import { forceUnbindShop, listAllShops, listOwnShops, reportShop, startBind, unbindOwnShop } from './shops';

export const shopHandlers = {
  'shop/bindStart': startBind,
  // The plug-in calls with its plug-in token (auth 'plugin') and the bind id the console handed it.
  'shop/report': reportShop,
  'shop/list': listOwnShops,
  'shop/unbind': unbindOwnShop,
  'shop/listAll': listAllShops,
  'shop/forceUnbind': forceUnbindShop,
} satisfies Partial<CallHandlers>;
