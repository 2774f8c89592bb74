/**
 * 首页 for staff (issue 15): the dashboard's cards and charts in one call. Each figure is answered
 * only when the caller holds the grant of the list it links to (absent otherwise): orders and
 * revenue need 订单列表 with /admin (every order), new and active members 用户管理, pending
 * withdrawals 提现审批, payable commission and the top salespeople 销售管理. Days are business days
 * (BUSINESS_TZ); an order counts as revenue on the day it was created while its status is paid, so
 * a refunded order no longer counts (paid minus refunded) and each figure equals the total of its
 * list with the same filter.
 */
import { Type, type Static } from '@sinclair/typebox';
import { CAPABILITY_URLS } from '../capabilities';
import { Id, Int4, Money } from './common';
import { defineApi } from './define';

const strict = { additionalProperties: false } as const;

/** The longest range the charts may ask for, in days. */
export const DASHBOARD_RANGE_MAX_DAYS = 366;
/** The range without one asked for: this many business days up to today. */
export const DASHBOARD_DEFAULT_DAYS = 30;

export const BUSINESS_DAY_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
const BusinessDay = (description: string) =>
  Type.String({ pattern: BUSINESS_DAY_PATTERN, ...{ patternMessage: '应为 YYYY-MM-DD 格式的日期' }, description });

/** Without a range: the last DASHBOARD_DEFAULT_DAYS business days up to today (the browser's day may differ). */
export const DashboardBody = Type.Object(
  {
    from: Type.Optional(BusinessDay('图表的第一天（业务日，含）；与 to 一起省略时为截至今天（业务日）的最近 30 天')),
    to: Type.Optional(BusinessDay('图表的最后一天（业务日，含）')),
  },
  strict,
);
export type DashboardBody = Static<typeof DashboardBody>;

export const DashboardCards = Type.Object({
  todayRevenueCents: Type.Optional(Money({ description: '今日收入（分）：今天创建、现为已支付的订单金额' })),
  monthRevenueCents: Type.Optional(Money({ description: '本月收入（分）' })),
  pendingOrders: Type.Optional(Int4()),
  newAccountsToday: Type.Optional(Int4()),
  newAccountsMonth: Type.Optional(Int4()),
  activeMembers: Type.Optional(Int4()),
  pendingWithdrawals: Type.Optional(Int4()),
  payableCommissionCents: Type.Optional(Money({ minimum: 0, description: '应付佣金（分）：全部销售的可提现余额' })),
});
export type DashboardCards = Static<typeof DashboardCards>;

export const DashboardOrderDay = Type.Object({
  day: Type.String({ description: 'YYYY-MM-DD' }),
  paidOrders: Int4(),
  revenueCents: Money(),
});
export type DashboardOrderDay = Static<typeof DashboardOrderDay>;

export const DashboardCountDay = Type.Object({ day: Type.String({ description: 'YYYY-MM-DD' }), count: Int4() });
export type DashboardCountDay = Static<typeof DashboardCountDay>;

export const DashboardLevel = Type.Object({ levelId: Id(), name: Type.String(), orders: Int4(), revenueCents: Money() });
export type DashboardLevel = Static<typeof DashboardLevel>;

export const DashboardSalesperson = Type.Object({
  accountId: Id(),
  username: Type.String(),
  orders: Int4(),
  commissionCents: Money({ minimum: 0 }),
});
export type DashboardSalesperson = Static<typeof DashboardSalesperson>;

export const DashboardSummary = Type.Object({
  /** Today and the first day of this month, business days: the cards' periods (and their links' filters). */
  today: Type.String({ description: '今天（业务日）' }),
  /** BUSINESS_TZ: the zone of every day here; the console says so when the browser's differs. */
  timeZone: Type.String({ description: '业务时区（BUSINESS_TZ），所有日期都按它划分' }),
  monthStart: Type.String({ description: '本月第一天（业务日）' }),
  from: Type.String(),
  to: Type.String(),
  cards: DashboardCards,
  /** One entry per day of the range, oldest first (订单列表). */
  orderDays: Type.Optional(Type.Array(DashboardOrderDay)),
  /** One entry per day of the range (用户管理). */
  registrationDays: Type.Optional(Type.Array(DashboardCountDay)),
  /** Paid orders of the range per membership level, most revenue first (订单列表). */
  levels: Type.Optional(Type.Array(DashboardLevel)),
  /** The 5 salespeople with the most commission from the range's paid orders (销售管理). */
  topSalespeople: Type.Optional(Type.Array(DashboardSalesperson, { maxItems: 5 })),
});
export type DashboardSummary = Static<typeof DashboardSummary>;

/**
 * Who sees the dashboard at all (the figures then follow each grant). 订单列表 alone is not one:
 * members hold it for their own orders; every order needs it with /admin, which is here.
 */
export const DASHBOARD_GRANTS = [
  CAPABILITY_URLS.canSeeAdmin,
  CAPABILITY_URLS.canSeeWithdrawalApprova,
  CAPABILITY_URLS.canSeeRechargeMannager,
  CAPABILITY_URLS.canSeeUsersManager,
] as const;

export const dashboardApi = {
  'dashboard/summary': defineApi({
    summary: '首页数据看板：卡片（今日 / 本月收入、新增会员、有效会员、待确认订单、待审批提现、应付佣金）和所选日期范围的图表',
    description:
      'from、to 为业务日（BUSINESS_TZ，含两端），最长 366 天；每个数字只在调用者有对应列表的权限时返回。订单列表（/admin 加订单列表）：收入、待确认订单、订单趋势、会员等级；用户管理：新增会员、有效会员、注册趋势；提现审批：待审批提现；销售管理：应付佣金、销售排行。',
    auth: { anyGrant: [...DASHBOARD_GRANTS] },
    body: DashboardBody,
    answer: DashboardSummary,
    example: {
      body: { from: '2026-10-27', to: '2026-11-25' },
      answer: {
        today: '2026-11-25',
        timeZone: 'Asia/Shanghai',
        monthStart: '2026-11-01',
        from: '2026-10-27',
        to: '2026-11-25',
        cards: { pendingWithdrawals: 3 },
      },
    },
  }),
};
