/**
 * Orders, the member centre and recharge: the statuses and channels, the rule that computes a
 * membership after a payment, and the refusals the server sends (the screens' text is in
 * contract/text/orders.ts). The call bodies and answers are in contract/api/order.ts (no TypeBox
 * here: the screens import this module).
 */
export const ORDER_STATUSES = ['pending', 'paid', 'cancelled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * The status labels stay in contract: the console shows them and the server's refusals
 * (ORDER_MESSAGES in server/order/messages.ts) quote them.
 */
export const ORDER_STATUS_TEXT: Record<OrderStatus, string> = {
  pending: '待支付',
  paid: '已支付',
  cancelled: '已取消',
  refunded: '已退款',
};

/** Names of the payment channel adapters (server/order/payments/). */
export const PAYMENT_CHANNELS = ['online', 'recharge'] as const;
export type PaymentChannelName = (typeof PAYMENT_CHANNELS)[number];

/** Order numbers: the UTC date (8 digits) then 10 random digits, e.g. 202611214837261095. */
export const ORDER_NO_PATTERN = '^\\d{18}$';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface MembershipState {
  levelId: number | null;
  /** epoch ms; null: none. */
  expiresAt: number | null;
}

/**
 * The membership after paying for `durationDays` of `levelId` at `now`: the same level (or none,
 * or one already expired) extends from the later of now and the current expiry; switching from
 * another level that is still running starts from now (the old level's remaining time is not
 * carried over). The console shows the same figure before the member buys.
 */
export function membershipAfterPayment(
  current: MembershipState,
  levelId: number,
  durationDays: number,
  now: number,
): { levelId: number; expiresAt: number; switched: boolean } {
  const running = current.levelId !== null && current.expiresAt !== null && current.expiresAt > now;
  const switched = running && current.levelId !== levelId;
  const start = running && !switched ? current.expiresAt! : now;
  return { levelId, expiresAt: start + durationDays * DAY_MS, switched };
}

/** Most pending orders one account may hold at a time. */
export const MAX_PENDING_ORDERS = 5;
