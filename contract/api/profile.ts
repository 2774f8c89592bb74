/**
 * `profile/*`: the caller's own account (`/client/user`: email, password, sessions) and the home
 * screen's figures. Every call acts on the caller only.
 */
import { Type, type Static } from '@sinclair/typebox';
import { BigId, DateTime, Empty, Id, Money, Nullable, Page, PageQuery } from './common';
import { defineApi } from './define';
import { Email, GivenPassword, Membership, NewPassword } from './account';
import { SessionEnded, SessionIdBody } from './session';
import { SalespersonMoney } from './ledger';

const strict = { additionalProperties: false } as const;

export const Profile = Type.Object({
  id: Id(),
  username: Type.String(),
  email: Type.String(),
  membership: Nullable(Membership),
  createdAt: DateTime(),
  lastLoginAt: Nullable(DateTime()),
});
export type Profile = Static<typeof Profile>;

export const UpdateEmailBody = Type.Object(
  {
    email: Email(),
    /** The current password, required to change the email. */
    password: GivenPassword(),
  },
  strict,
);
export type UpdateEmailBody = Static<typeof UpdateEmailBody>;

export const ChangePasswordBody = Type.Object({ currentPassword: GivenPassword(), newPassword: NewPassword() }, strict);
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

export const PasswordChanged = Type.Object({
  /** How many other sessions were signed out. */
  signedOut: Type.Integer({ minimum: 0, description: '被退出的其他会话数' }),
});
export type PasswordChanged = Static<typeof PasswordChanged>;

/** One of the caller's live sessions. */
export const ActiveSession = Type.Object({
  id: BigId(),
  /** The session of the request that asked. */
  current: Type.Boolean({ description: '发出本次请求的会话' }),
  ip: Nullable(Type.String()),
  userAgent: Nullable(Type.String()),
  createdAt: DateTime(),
  lastSeenAt: DateTime(),
  expiresAt: DateTime(),
  /** When this session last handed a plug-in its token (`plugin/token`); null when it never did. */
  pluginTokenIssuedAt: Nullable(DateTime({ description: '本会话最近一次为插件签发插件令牌的时间；从未签发为 null' })),
});
export type ActiveSession = Static<typeof ActiveSession>;

export const RevokeSessionBody = SessionIdBody;
export type RevokeSessionBody = Static<typeof RevokeSessionBody>;

export const OtherSessionsEnded = Type.Object({ ended: Type.Integer({ minimum: 0, description: '结束的会话数' }) });
export type OtherSessionsEnded = Static<typeof OtherSessionsEnded>;

export const NotMeBody = Type.Object({ notificationId: BigId() }, { additionalProperties: false });
export type NotMeBody = Static<typeof NotMeBody>;

export const NotMeResult = Type.Object({
  sessionsEnded: Type.Integer({ minimum: 0, description: '结束的会话数（包括当前会话）' }),
  disabled: Type.Boolean({ description: '账号已停用待管理员核查（最后一位启用的超级管理员不停用，只结束会话）' }),
});
export type NotMeResult = Static<typeof NotMeResult>;

export const SummaryBody = Type.Object(
  {
    /** Start of "this month" in the viewer's time zone (ISO 8601); the server's UTC month when absent. */
    monthStart: Type.Optional(DateTime({ description: '"本月"的开始（观看者的时区）；缺省为服务器的 UTC 月初' })),
  },
  strict,
);
export type SummaryBody = Static<typeof SummaryBody>;

/** `profile/summary`: the home screen's figures. */
export const HomeSummary = Type.Object({
  membership: Nullable(Membership),
  /** Shops currently bound. */
  shopCount: Type.Integer({ minimum: 0, description: '已绑定的店铺数' }),
  orderCount: Type.Integer({ minimum: 0 }),
  /** Present for a salesperson only. */
  sale: Nullable(
    Type.Object(
      {
        ...SalespersonMoney,
        heldCents: Money({ minimum: 0, description: '提现处理中（待审核和待打款）的金额（分）' }),
        /** Commission credited since `monthStart`, net of the commission reversed by refunds. */
        monthCommissionCents: Type.Integer({ description: '本月佣金（分），已扣除退款冲回的佣金' }),
      },
      { description: '仅销售有' },
    ),
  ),
});
export type HomeSummary = Static<typeof HomeSummary>;

const exampleMembership: Membership = { levelId: 2, name: '黄金会员', expiresAt: 1_798_761_600_000, shopQuota: 5, productQuota: 200 };

export const profileApi = {
  'profile/get': defineApi({
    summary: '调用者的账号资料',
    auth: 'account',
    body: Empty,
    answer: Profile,
    example: {
      body: {},
      answer: {
        id: 42,
        username: 'amy',
        email: 'amy@example.com',
        membership: exampleMembership,
        createdAt: '2026-10-01T08:00:00.000Z',
        lastLoginAt: '2026-11-20T08:00:00.000Z',
      },
    },
  }),
  'profile/updateEmail': defineApi({
    summary: '修改邮箱（需当前密码）',
    description: '当前密码不正确：A0210；邮箱已被使用：A0111。',
    auth: 'account',
    body: UpdateEmailBody,
    answer: Type.Object({ email: Type.String() }),
    example: { body: { email: 'amy@example.org', password: 'Sturdy#Key-2468' }, answer: { email: 'amy@example.org' } },
  }),
  'profile/changePassword': defineApi({
    summary: '修改密码：其他会话全部退出，本次会话保留',
    description: '当前密码不正确：A0210；新密码与当前相同或太弱：A0400。',
    auth: 'account',
    body: ChangePasswordBody,
    answer: PasswordChanged,
    example: { body: { currentPassword: 'Sturdy#Key-2468', newPassword: 'Another#Key-1357' }, answer: { signedOut: 2 } },
  }),
  'profile/sessions': defineApi({
    summary: '调用者的在线会话，本次会话在前（分页）',
    auth: 'account',
    body: PageQuery,
    answer: Page(ActiveSession),
    example: {
      body: { current: 1, pageSize: 10 },
      answer: {
        list: [
          {
            id: 9001,
            current: true,
            ip: '203.0.113.7',
            userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/130.0',
            createdAt: '2026-11-20T08:00:00.000Z',
            lastSeenAt: '2026-11-20T09:12:00.000Z',
            expiresAt: '2026-11-21T08:00:00.000Z',
            pluginTokenIssuedAt: '2026-11-20T08:00:05.000Z',
          },
        ],
        total: 1,
        current: 1,
        pageSize: 10,
      },
    },
  }),
  'profile/revokeSession': defineApi({
    summary: '退出自己的一个会话',
    description: '不是调用者的、或已结束的会话：A0400。',
    auth: 'account',
    stepUp: true,
    body: RevokeSessionBody,
    answer: SessionEnded,
    example: { body: { id: 9002 }, answer: { id: 9002, current: false } },
  }),
  'profile/endOtherSessions': defineApi({
    summary: '退出其他设备：结束本账号除当前会话外的全部会话',
    description: '这些设备的下一次调用答 A0230 并说明原因，它们的通知连接随即断开。',
    auth: 'account',
    stepUp: true,
    body: Empty,
    answer: OtherSessionsEnded,
    example: { body: {}, answer: { ended: 2 } },
  }),
  'profile/notMe': defineApi({
    summary: '不是我：对“新设备登录”通知报告不是本人登录，结束本账号的全部会话并停用账号待管理员核查',
    description:
      '只接受发给调用者本人的“新设备登录”通知，否则 A0400。当前会话也一并结束；账号停用后由管理员在用户管理中核查并启用（最后一位启用的超级管理员不停用）。记入安全事件和操作日志。',
    auth: 'account',
    body: NotMeBody,
    answer: NotMeResult,
    example: { body: { notificationId: 41 }, answer: { sessionsEnded: 3, disabled: true } },
  }),
  'profile/summary': defineApi({
    summary: '首页数字：会员、店铺数、订单数；销售另有余额、提现中和本月佣金',
    auth: 'account',
    body: SummaryBody,
    answer: HomeSummary,
    example: {
      body: { monthStart: '2026-10-31T16:00:00.000Z' },
      answer: {
        membership: exampleMembership,
        shopCount: 2,
        orderCount: 5,
        sale: { balanceCents: 12_500, pendingCents: 3_200, owedCents: 0, heldCents: 5_000, monthCommissionCents: 3_200 },
      },
    },
  }),
};
