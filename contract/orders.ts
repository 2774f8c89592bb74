/**
 * Orders, the member centre and recharge: the statuses and channels, the rule that computes a
 * membership after a payment, and the screen strings tests look for. The call bodies and answers
 * are in contract/api/order.ts (no TypeBox here: the screens import this module).
 */
export const ORDER_STATUSES = ['pending', 'paid', 'cancelled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_TEXT: Record<OrderStatus, string> = {
  pending: '待支付',
  paid: '已支付',
  cancelled: '已取消',
  refunded: '已退款',
};

/** Names of the payment channel adapters (server/payments/). */
export const PAYMENT_CHANNELS = ['online', 'recharge'] as const;
export type PaymentChannelName = (typeof PAYMENT_CHANNELS)[number];

export const PAYMENT_CHANNEL_TEXT: Record<PaymentChannelName, string> = {
  online: '在线支付',
  recharge: '后台充值',
};

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

/** Messages of the order rules, shared by the server, the screens and the tests. */
export const ORDER_MESSAGES = {
  notFound: '订单不存在',
  alreadyPaid: '订单已支付，不能重复确认',
  confirmNotPending: (status: OrderStatus) => `订单${ORDER_STATUS_TEXT[status]}，不能确认收款`,
  cancelNotPending: (status: OrderStatus) => `订单${ORDER_STATUS_TEXT[status]}，只有待支付的订单可以取消`,
  alreadyRefunded: '订单已退款，不能重复退款',
  refundNotPaid: (status: OrderStatus) => `订单${ORDER_STATUS_TEXT[status]}，只有已支付的订单可以退款`,
  refundBalanceShort: (commission: string) => `销售余额不足以扣回佣金 ¥${commission}，无法退款`,
  levelUnavailable: '不存在或已下架',
  tooManyPending: '待支付订单过多，请先支付或取消已有订单',
  accountDisabled: '账户已停用，不能充值',
} as const;

/** Most pending orders one account may hold at a time. */
export const MAX_PENDING_ORDERS = 5;

/** Screen strings the tests look for. */
export const ORDER_TEXT = {
  memberCenter: {
    currentTitle: '我的会员',
    noMembership: '未开通会员',
    levelsTitle: '会员套餐',
    pendingTitle: '待支付订单',
    buy: '立即开通',
    renew: '续费',
    switchTo: '切换套餐',
    buyDialogTitle: '确认订单',
    submitOrder: '提交订单',
    created: '订单已提交',
    switchWarning: '切换套餐后，有效期自支付时起重新计算，当前套餐的剩余时间不保留。',
    cancelOrder: '取消订单',
    cancelConfirm: '确定取消该订单吗？',
    cancelled: '订单已取消',
  },
  orderList: {
    confirm: '确认收款',
    confirmPrompt: '确认已收到该订单的款项？确认后会员立即生效。',
    confirmed: '已确认收款',
    cancel: '取消',
    cancelPrompt: '确定取消该订单吗？',
    cancelled: '订单已取消',
    refund: '退款',
    refundTitle: '确认退款',
    refunded: '已退款',
  },
  recharge: {
    formTitle: '为账户充值',
    account: '账户',
    accountPlaceholder: '输入用户名或邮箱搜索',
    level: '会员套餐',
    note: '备注',
    submit: '确认充值',
    confirmTitle: '确认充值',
    done: '充值成功',
    recentTitle: '最近充值',
  },
} as const;
