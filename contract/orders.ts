/**
 * Orders, the member centre and recharge: the call bodies (TypeBox), the answers, the rule that
 * computes a membership after a payment, and the screen strings tests look for.
 */
import { Type, type Static } from '@sinclair/typebox';
import { DateTime, Id, PageFields } from './api/common';

const patternMessage = (message: string) => ({ patternMessage: message });

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
const OrderNoSchema = Type.String({ pattern: ORDER_NO_PATTERN, ...patternMessage('应为 18 位数字') });
const NoteSchema = Type.String({ maxLength: 200 });

export const CreateOrderBodySchema = Type.Object(
  {
    levelId: Id(),
    /** A self-service channel; `online` when absent. */
    channel: Type.Optional(Type.Unsafe<'online'>({ type: 'string', enum: ['online'] })),
  },
  { additionalProperties: false },
);
export type CreateOrderBody = Static<typeof CreateOrderBodySchema>;

export const OrderActionBodySchema = Type.Object(
  { orderNo: OrderNoSchema, note: Type.Optional(NoteSchema) },
  { additionalProperties: false },
);
export type OrderActionBody = Static<typeof OrderActionBodySchema>;

export const OrderListQuerySchema = Type.Object(
  {
    ...PageFields,
    status: Type.Optional(Type.Unsafe<OrderStatus>({ type: 'string', enum: [...ORDER_STATUSES] })),
    channel: Type.Optional(Type.Unsafe<PaymentChannelName>({ type: 'string', enum: [...PAYMENT_CHANNELS] })),
    /** Part of the order number. */
    orderNo: Type.Optional(Type.String({ maxLength: 32 })),
    /** Part of the account's username or email (staff only). */
    account: Type.Optional(Type.String({ maxLength: 64 })),
    /** Created at or after (ISO 8601). */
    createdFrom: Type.Optional(DateTime()),
    /** Created before (ISO 8601). */
    createdTo: Type.Optional(DateTime()),
  },
  { additionalProperties: false },
);
export type OrderListQuery = Static<typeof OrderListQuerySchema>;

export const RechargeBodySchema = Type.Object(
  { accountId: Id(), levelId: Id(), note: Type.Optional(NoteSchema) },
  { additionalProperties: false },
);
export type RechargeBody = Static<typeof RechargeBodySchema>;

export const SearchAccountsBodySchema = Type.Object(
  { keyword: Type.String({ maxLength: 64 }) },
  { additionalProperties: false },
);
export type SearchAccountsBody = Static<typeof SearchAccountsBodySchema>;

export const RechargeListQuerySchema = Type.Object(PageFields, { additionalProperties: false });
export type RechargeListQuery = Static<typeof RechargeListQuerySchema>;

export interface LevelOnSale {
  id: number;
  name: string;
  priceCents: number;
  durationDays: number;
  shopQuota: number;
  productQuota: number;
}

export interface AccountRef {
  id: number;
  username: string;
}

/** What the member does to pay a pending order, as its channel tells it. */
export interface PaymentInstructions {
  title: string;
  steps: string[];
}

export interface OrderItem {
  orderNo: string;
  /** The buyer (every list answers it; the member's own screens do not show it). */
  account: AccountRef;
  levelId: number;
  levelName: string;
  durationDays: number;
  amountCents: number;
  status: OrderStatus;
  channel: string;
  salesperson: AccountRef | null;
  /** Basis points and cents, fixed when the order was paid (null: no commission). */
  commissionRate: number | null;
  commissionCents: number | null;
  /** ISO 8601 UTC. */
  expiresBefore: string | null;
  expiresAfter: string | null;
  operator: AccountRef | null;
  note: string;
  createdAt: string;
  paidAt: string | null;
  closedAt: string | null;
}

export interface PendingOrder extends OrderItem {
  instructions: PaymentInstructions;
}

export interface CurrentMembership {
  levelId: number;
  name: string;
  /** ISO 8601 UTC; null: never expires. */
  expiresAt: string | null;
  shopQuota: number;
  productQuota: number;
  /** Whether the expiry is past. */
  expired: boolean;
}

/** `order/center`: the member centre in one answer. */
export interface MemberCenter {
  membership: CurrentMembership | null;
  levels: LevelOnSale[];
  pendingOrders: PendingOrder[];
}

export interface AccountOption {
  id: number;
  username: string;
  email: string;
  levelName: string | null;
  expiresAt: string | null;
}

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
