/**
 * Orders: the member centre (center, levels, create), the order list (list, confirm, cancel,
 * refund) and recharge management (recharge, rechargeList, searchAccounts).
 */
import { Type, type Static } from '@sinclair/typebox';
import { ACTIONS, CAPABILITY_URLS } from '../capabilities';
import { ORDER_NO_PATTERN, ORDER_STATUSES, PAYMENT_CHANNELS } from '../orders';
import { DateTime, Empty, Id, Int4, Literals, Money, Nullable, OneOf, Page, PageFields, PageQuery } from './common';
import { defineApi } from './define';

const patternMessage = (message: string) => ({ patternMessage: message });

const OrderNo = () => Type.String({ pattern: ORDER_NO_PATTERN, ...patternMessage('应为 18 位数字') });
const Note = () => Type.String({ maxLength: 200 });
/** Basis points, 0–10000 (10000 = 100%). */
const Rate = () => Type.Integer({ minimum: 0, maximum: 10_000, description: '佣金比例（万分比）' });

// ---- bodies ----

export const CreateOrderBody = Type.Object(
  {
    levelId: Id(),
    /** A self-service channel; `online` when absent. */
    channel: Type.Optional(OneOf(['online'] as const, '自助支付渠道，缺省为 online')),
  },
  { additionalProperties: false },
);
export type CreateOrderBody = Static<typeof CreateOrderBody>;

export const OrderActionBody = Type.Object({ orderNo: OrderNo(), note: Type.Optional(Note()) }, { additionalProperties: false });
export type OrderActionBody = Static<typeof OrderActionBody>;

export const OrderListQuery = Type.Object(
  {
    ...PageFields,
    status: Type.Optional(OneOf(ORDER_STATUSES)),
    channel: Type.Optional(OneOf(PAYMENT_CHANNELS)),
    /** Part of the order number. */
    orderNo: Type.Optional(Type.String({ maxLength: 32, description: '订单号的一部分' })),
    /** Part of the account's username or email (staff only). */
    account: Type.Optional(Type.String({ maxLength: 64, description: '用户名或邮箱的一部分（仅员工）' })),
    /** Created at or after (ISO 8601). */
    createdFrom: Type.Optional(DateTime({ description: '创建时间不早于' })),
    /** Created before (ISO 8601). */
    createdTo: Type.Optional(DateTime({ description: '创建时间早于' })),
  },
  { additionalProperties: false },
);
export type OrderListQuery = Static<typeof OrderListQuery>;

export const RechargeBody = Type.Object({ accountId: Id(), levelId: Id(), note: Type.Optional(Note()) }, { additionalProperties: false });
export type RechargeBody = Static<typeof RechargeBody>;

export const SearchAccountsBody = Type.Object({ keyword: Type.String({ maxLength: 64 }) }, { additionalProperties: false });
export type SearchAccountsBody = Static<typeof SearchAccountsBody>;

export const RechargeListQuery = PageQuery;
export type RechargeListQuery = Static<typeof RechargeListQuery>;

// ---- answers ----

export const LevelOnSale = Type.Object({
  id: Id(),
  name: Type.String(),
  priceCents: Money({ minimum: 0 }),
  durationDays: Int4(),
  shopQuota: Int4(),
  productQuota: Int4(),
});
export type LevelOnSale = Static<typeof LevelOnSale>;

export const AccountRef = Type.Object({ id: Id(), username: Type.String() });
export type AccountRef = Static<typeof AccountRef>;

/** What the member does to pay a pending order, as its channel tells it. */
export const PaymentInstructions = Type.Object({ title: Type.String(), steps: Type.Array(Type.String()) });
export type PaymentInstructions = Static<typeof PaymentInstructions>;

const orderItemFields = {
  orderNo: Type.String(),
  /** The buyer (every list answers it; the member's own screens do not show it). */
  account: AccountRef,
  levelId: Id(),
  levelName: Type.String(),
  durationDays: Int4(),
  amountCents: Money({ minimum: 0 }),
  status: Literals(ORDER_STATUSES),
  channel: Literals(PAYMENT_CHANNELS),
  salesperson: Nullable(AccountRef),
  /** Basis points and cents, fixed when the order was paid (null: no commission). */
  commissionRate: Nullable(Rate()),
  commissionCents: Nullable(Money({ minimum: 0 })),
  expiresBefore: Nullable(DateTime({ description: '支付前的会员到期时间' })),
  expiresAfter: Nullable(DateTime({ description: '支付后的会员到期时间' })),
  operator: Nullable(AccountRef),
  note: Type.String(),
  createdAt: DateTime(),
  paidAt: Nullable(DateTime()),
  closedAt: Nullable(DateTime()),
};

export const OrderItem = Type.Object(orderItemFields);
export type OrderItem = Static<typeof OrderItem>;

export const PendingOrder = Type.Object({ ...orderItemFields, instructions: PaymentInstructions });
export type PendingOrder = Static<typeof PendingOrder>;

export const CurrentMembership = Type.Object({
  levelId: Id(),
  name: Type.String(),
  /** ISO 8601 UTC; null: never expires. */
  expiresAt: Nullable(DateTime({ description: 'null：永不过期' })),
  shopQuota: Int4(),
  productQuota: Int4(),
  /** Whether the expiry is past. */
  expired: Type.Boolean(),
});
export type CurrentMembership = Static<typeof CurrentMembership>;

/** `order/center`: the member centre in one answer. */
export const MemberCenter = Type.Object({
  membership: Nullable(CurrentMembership),
  levels: Type.Array(LevelOnSale),
  pendingOrders: Type.Array(PendingOrder),
});
export type MemberCenter = Static<typeof MemberCenter>;

export const AccountOption = Type.Object({
  id: Id(),
  username: Type.String(),
  email: Type.String(),
  levelName: Nullable(Type.String()),
  expiresAt: Nullable(DateTime()),
});
export type AccountOption = Static<typeof AccountOption>;

/** `order/confirm` (and the payment inside `order/recharge`). */
export const PaymentOutcome = Type.Object({
  orderNo: Type.String(),
  expiresBefore: Nullable(DateTime()),
  expiresAfter: DateTime(),
  switchedLevel: Type.Boolean(),
  commissionCents: Nullable(Money({ minimum: 0 })),
});
export type PaymentOutcome = Static<typeof PaymentOutcome>;

/** What a refund did to the membership (docs/payments.md, "Refunds"). */
export const MEMBERSHIP_REVERSALS = ['restored', 'shortened', 'unchanged'] as const;

export const RefundOutcome = Type.Object({
  orderNo: Type.String(),
  membership: Literals(MEMBERSHIP_REVERSALS, { description: 'restored 恢复到支付前；shortened 有效期缩短；unchanged 不变' }),
  expiresAt: Nullable(DateTime()),
  commissionReversedCents: Money({ minimum: 0 }),
  /** What happened to the commission: cancelled while still held, clawed back once payable, or none to reverse. */
  commissionReversal: Nullable(
    Literals(['cancelled', 'clawedBack'], { description: 'cancelled 待结算佣金取消；clawedBack 已结算佣金扣回（余额可为负，待扣回）' }),
  ),
});
export type RefundOutcome = Static<typeof RefundOutcome>;

export const CancelOutcome = Type.Object({ orderNo: Type.String(), status: Literals(['cancelled']) });
export type CancelOutcome = Static<typeof CancelOutcome>;

// ---- calls ----

const ORDER_LIST = CAPABILITY_URLS.canSeeOrderList;
const RECHARGE = CAPABILITY_URLS.canSeeRechargeMannager;

const exampleLevel: LevelOnSale = { id: 2, name: '黄金会员', priceCents: 9900, durationDays: 30, shopQuota: 5, productQuota: 200 };
const exampleOrder: OrderItem = {
  orderNo: '202611214837261095',
  account: { id: 12, username: 'member01' },
  levelId: 2,
  levelName: '黄金会员',
  durationDays: 30,
  amountCents: 9900,
  status: 'paid',
  channel: 'online',
  salesperson: { id: 5, username: 'sales01' },
  commissionRate: 1000,
  commissionCents: 990,
  expiresBefore: null,
  expiresAfter: '2026-12-21T08:00:00.000Z',
  operator: { id: 1, username: 'admin' },
  note: '',
  createdAt: '2026-11-21T07:58:00.000Z',
  paidAt: '2026-11-21T08:00:00.000Z',
  closedAt: null,
};
const examplePending: PendingOrder = {
  ...exampleOrder,
  status: 'pending',
  salesperson: { id: 5, username: 'sales01' },
  commissionRate: null,
  commissionCents: null,
  expiresAfter: null,
  operator: null,
  paidAt: null,
  instructions: { title: '在线支付', steps: ['按页面提示完成付款', '付款后等待工作人员确认'] },
};
const exampleRecharge: OrderItem = { ...exampleOrder, orderNo: '202611219912003344', channel: 'recharge', note: '线下转账' };

export const orderApi = {
  'order/center': defineApi({
    summary: '会员中心：当前会员、在售套餐和待支付订单',
    auth: 'account',
    body: Empty,
    answer: MemberCenter,
    example: {
      body: {},
      answer: {
        membership: {
          levelId: 2,
          name: '黄金会员',
          expiresAt: '2026-12-21T08:00:00.000Z',
          shopQuota: 5,
          productQuota: 200,
          expired: false,
        },
        levels: [exampleLevel],
        pendingOrders: [examplePending],
      },
    },
  }),
  'order/levels': defineApi({
    summary: '在售的会员套餐',
    auth: 'account',
    body: Empty,
    answer: Type.Array(LevelOnSale),
    example: { body: {}, answer: [exampleLevel] },
  }),
  'order/create': defineApi({
    summary: '下单购买会员套餐（待支付）',
    description: '套餐不存在或已下架：A0400（levelId）；待支付订单已达上限：A0400 待支付订单过多。',
    auth: 'account',
    body: CreateOrderBody,
    answer: PendingOrder,
    example: { body: { levelId: 2 }, answer: examplePending },
  }),
  'order/list': defineApi({
    summary: '订单列表：员工（另有 /admin 授权）看全部，其他人只看自己的（分页）',
    description: '按状态、渠道、订单号、创建时间筛选；account（用户名或邮箱）只对员工生效。',
    auth: { anyGrant: [ORDER_LIST] },
    body: OrderListQuery,
    answer: Page(OrderItem),
    example: { body: { current: 1, pageSize: 20, status: 'paid' }, answer: { list: [exampleOrder], total: 1, current: 1, pageSize: 20 } },
  }),
  'order/confirm': defineApi({
    summary: '确认收款：订单变为已支付，会员立即生效，销售得到佣金',
    description: '仅员工（订单列表与 /admin 授权）。只能确认待支付的订单。',
    auth: { anyGrant: [ORDER_LIST], action: ACTIONS.canConfirmOrder.url },
    body: OrderActionBody,
    answer: PaymentOutcome,
    example: {
      body: { orderNo: exampleOrder.orderNo },
      answer: {
        orderNo: exampleOrder.orderNo,
        expiresBefore: null,
        expiresAfter: '2026-12-21T08:00:00.000Z',
        switchedLevel: false,
        commissionCents: 990,
      },
    },
  }),
  'order/cancel': defineApi({
    summary: '取消待支付的订单（本人的，员工可取消任何人的）',
    description: '不是本人的订单（非员工）按不存在回答。',
    auth: 'account',
    body: OrderActionBody,
    answer: CancelOutcome,
    example: { body: { orderNo: exampleOrder.orderNo, note: '不需要了' }, answer: { orderNo: exampleOrder.orderNo, status: 'cancelled' } },
  }),
  'order/refund': defineApi({
    summary: '退款：扣回佣金并撤回本订单带来的会员时长',
    description:
      '仅员工（订单列表与 /admin 授权）。只能退已支付的订单。佣金从不阻止退款：仍在结算期的佣金取消，已结算的扣回（销售余额可为负，显示为待扣回，由之后的佣金先行抵扣）。',
    auth: { anyGrant: [ORDER_LIST], action: ACTIONS.canRefundOrder.url },
    stepUp: true,
    body: OrderActionBody,
    answer: RefundOutcome,
    example: {
      body: { orderNo: exampleOrder.orderNo, note: '客户申请退款' },
      answer: {
        orderNo: exampleOrder.orderNo,
        membership: 'restored',
        expiresAt: null,
        commissionReversedCents: 990,
        commissionReversal: 'cancelled',
      },
    },
  }),
  'order/recharge': defineApi({
    summary: '后台充值：为账户开通或续费会员套餐（立即生效）',
    description: '账户不存在或已停用：A0400（accountId）；套餐不存在或已下架：A0400（levelId）。',
    auth: { anyGrant: [RECHARGE] },
    body: RechargeBody,
    answer: OrderItem,
    example: { body: { accountId: 12, levelId: 2, note: '线下转账' }, answer: exampleRecharge },
  }),
  'order/rechargeList': defineApi({
    summary: '最近的后台充值（分页）',
    auth: { anyGrant: [RECHARGE] },
    body: RechargeListQuery,
    answer: Page(OrderItem),
    example: { body: { current: 1, pageSize: 10 }, answer: { list: [exampleRecharge], total: 1, current: 1, pageSize: 10 } },
  }),
  'order/searchAccounts': defineApi({
    summary: '充值时按用户名或邮箱搜索启用的账户（最多 20 个）',
    auth: { anyGrant: [RECHARGE] },
    body: SearchAccountsBody,
    answer: Type.Array(AccountOption),
    example: {
      body: { keyword: 'member' },
      answer: [
        { id: 12, username: 'member01', email: 'member01@example.com', levelName: '黄金会员', expiresAt: '2026-12-21T08:00:00.000Z' },
      ],
    },
  }),
};
