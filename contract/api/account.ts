/**
 * Accounts: sign-in (register, login, logout), the caller's menus and account, and the users
 * screen (list, export, create, enable / disable, reset password, roles). Also the account fields
 * other bodies share (username, email, passwords) and the `membership` every account answer carries.
 */
import { Type, type Static } from '@sinclair/typebox';
import {
  SECOND_FACTOR_TRIES,
  SECOND_FACTOR_WAIT_SECONDS,
  EMAIL_MAX,
  INVITE_CODE_PATTERN,
  ONE_TIME_PASSWORD_HOURS,
  PASSWORD_MAX,
  RESET_CODE_MINUTES,
  RESET_CODE_TRIES,
  RESET_MAILS_PER_HOUR,
  USERNAME_PATTERN,
  USERNAME_PATTERN_TEXT,
} from '../accountRules';
import { lengthLimit, LIMITS } from '../rules';
import { ACTIONS, CAPABILITY_URLS } from '../capabilities';
import { DateTime, Empty, Id, IdBodySchema, Int4, Literals, Nullable, OneOf, Page, PageFields } from './common';
import { defineApi } from './define';
import { FactorProof, PasskeyAssertion, PasskeyRequestOptions, TotpCode } from './factor';

const strict = { additionalProperties: false } as const;

/** Server-side message for a failed `pattern` check (read by the server's error translator). */
export const patternMessage = (message: string) => ({ patternMessage: message });

// ───────────────────────────── shared fields ─────────────────────────────

/** A new account's username (register, create): the one username rule. */
export const Username = () =>
  Type.String({ ...lengthLimit(LIMITS.username), pattern: USERNAME_PATTERN, ...patternMessage(USERNAME_PATTERN_TEXT) });
export const Email = () => Type.String({ format: 'email', maxLength: EMAIL_MAX });
/** A password being set: the length rule (the strength rule is the server's, server/auth/passwordPolicy.ts). */
export const NewPassword = () => Type.String(lengthLimit(LIMITS.password));
/** A password being checked (login, the current password): anything not empty. */
export const GivenPassword = () => Type.String({ minLength: 1, maxLength: PASSWORD_MAX });

export const ACCOUNT_STATUSES = ['enabled', 'disabled'] as const;
/** In a body (the same enum as before the contract). */
export const AccountStatus = OneOf(ACCOUNT_STATUSES);
export type AccountStatus = Static<typeof AccountStatus>;

export const Membership = Type.Object({
  levelId: Id(),
  name: Type.String(),
  expiresAt: Nullable(Type.Integer({ description: '到期时间（epoch 毫秒），null 为不过期' })),
  /** How many shops the level may bind. */
  shopQuota: Type.Integer({ minimum: 0, description: '可绑定的店铺数' }),
  /** How many product ids one creator-programme run may take. */
  productQuota: Type.Integer({ minimum: 0, description: '达人计划一次可提交的商品数' }),
});
export type Membership = Static<typeof Membership>;
/** `membership` of an account: null without a level or once it expired. */
const MembershipOrNull = () => Nullable(Membership);

/** A menu of the caller's tree (`account/getMenus`): granted menus and their ancestors. */
export const MenuNode = Type.Recursive(
  (Node) =>
    Type.Object({
      id: Type.Optional(Id()),
      title: Type.Optional(Type.String()),
      url: Type.String(),
      icon: Type.Optional(Nullable(Type.String())),
      kind: Type.Optional(Literals(['directory', 'page', 'action'] as const)),
      visible: Type.Optional(Type.Boolean()),
      children: Type.Optional(Type.Array(Node)),
    }),
  { $id: 'MenuNode' },
);
export type MenuNode = Static<typeof MenuNode>;

export const RoleRef = Type.Object({ id: Id(), code: Type.String(), name: Type.String() });
export type RoleRef = Static<typeof RoleRef>;

// ───────────────────────────── sign-in ─────────────────────────────

export const LoginBody = Type.Object(
  {
    /** The username or the email. */
    username: Type.String({ minLength: 1, maxLength: EMAIL_MAX, description: '用户名或邮箱' }),
    password: GivenPassword(),
    remember: Type.Optional(Type.Boolean({ description: '记住我：会话更长' })),
  },
  strict,
);
export type LoginBody = Static<typeof LoginBody>;

export const LoginResult = Type.Object({
  token: Type.String(),
  expires: Type.Integer({ description: '会话到期时间（epoch 毫秒）' }),
  username: Type.String(),
  email: Type.String(),
  membership: MembershipOrNull(),
  passwordChangeRequired: Type.Boolean({
    description: '密码是管理员生成的临时密码：本会话只能修改密码（profile/changePassword）或退出，其他调用答 A0212',
  }),
  enrolmentRequired: Type.Boolean({
    description: '账号的角色要求两步验证而账号还没有验证方式：本会话只能设置验证方式（factor/*）或退出，其他调用答 A0216',
  }),
});
export type LoginResult = Static<typeof LoginResult>;

export const SECOND_FACTOR_METHODS = ['totp', 'passkey', 'recovery'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

/**
 * The content of A0215 (`account/login` with the right password of an account that has a second
 * factor): the ticket that `account/loginSecondFactor` takes within SECOND_FACTOR_WAIT_SECONDS, the
 * account's methods and, when it has passkeys, the options to sign with one.
 */
export const SecondFactorChallenge = Type.Object({
  ticket: Type.String(),
  methods: Type.Array(Literals(SECOND_FACTOR_METHODS)),
  passkey: Nullable(PasskeyRequestOptions),
});
export type SecondFactorChallenge = Static<typeof SecondFactorChallenge>;

const Ticket = () => Type.String({ minLength: 16, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' });

export const LoginSecondFactorBody = Type.Object({ ticket: Ticket(), ...FactorProof }, strict);
export type LoginSecondFactorBody = Static<typeof LoginSecondFactorBody>;

/** `account/passkeyOptions`: a challenge for signing in with a passkey alone. */
export const PasskeySignInOptions = Type.Object({ ticket: Type.String(), options: PasskeyRequestOptions });
export type PasskeySignInOptions = Static<typeof PasskeySignInOptions>;

export const PasskeyLoginBody = Type.Object(
  { ticket: Ticket(), credential: PasskeyAssertion, remember: Type.Optional(Type.Boolean({ description: '记住我：会话更长' })) },
  strict,
);
export type PasskeyLoginBody = Static<typeof PasskeyLoginBody>;

export const FactorsReset = Type.Object({ id: Id(), sessionsRevoked: Type.Integer({ minimum: 0 }) });
export type FactorsReset = Static<typeof FactorsReset>;

/** `account/stepUp`: the password again, or a code of the account's authenticator app, before a sensitive call. */
export const StepUpBody = Type.Object({ password: Type.Optional(GivenPassword()), code: Type.Optional(TotpCode()) }, strict);
export type StepUpBody = Static<typeof StepUpBody>;

export const StepUpResult = Type.Object({ provedUntil: DateTime({ description: '此时之前本会话可进行敏感操作' }) });
export type StepUpResult = Static<typeof StepUpResult>;

/** `account/passwordResetOptions`: whether 忘记密码 can send a mail (the server has SMTP_URL), for the login page. */
export const PasswordResetOptions = Type.Object({
  byEmail: Type.Boolean({ description: '可通过邮件验证码重置密码（服务器配置了 SMTP_URL）；否则请联系管理员' }),
  codeMinutes: Type.Integer({ minimum: 1, description: '验证码的有效分钟数' }),
});
export type PasswordResetOptions = Static<typeof PasswordResetOptions>;

/** `account/requestPasswordReset`: the address to send the code to. */
export const PasswordResetRequestBody = Type.Object({ email: Email() }, strict);
export type PasswordResetRequestBody = Static<typeof PasswordResetRequestBody>;

/** The same answer whether or not the address has an account. */
export const PasswordResetRequested = Type.Object({
  codeMinutes: Type.Integer({ minimum: 1, description: '验证码的有效分钟数' }),
});
export type PasswordResetRequested = Static<typeof PasswordResetRequested>;

/** `account/confirmPasswordReset`: the code of the mail and the new password. */
export const PasswordResetConfirmBody = Type.Object(
  {
    email: Email(),
    /** As typed: case, spaces and hyphens do not matter. */
    resetCode: Type.String({ minLength: 1, maxLength: 32, description: '邮件中的验证码（不区分大小写）' }),
    newPassword: NewPassword(),
  },
  strict,
);
export type PasswordResetConfirmBody = Static<typeof PasswordResetConfirmBody>;

export const PasswordResetDone = Type.Object({
  signedOut: Type.Integer({ minimum: 0, description: '因此退出的会话数' }),
});
export type PasswordResetDone = Static<typeof PasswordResetDone>;

export const RegisterBody = Type.Object(
  {
    username: Username(),
    email: Email(),
    password: NewPassword(),
    inviteCode: Type.Optional(Type.String({ pattern: INVITE_CODE_PATTERN, ...patternMessage('应为 8 位大写字母或数字') })),
  },
  strict,
);
export type RegisterBody = Static<typeof RegisterBody>;

/** `account/register`: the new account (it still has to log in). */
export const RegisterResult = Type.Object({ id: Id(), username: Type.String(), email: Type.String() });
export type RegisterResult = Static<typeof RegisterResult>;

export const AccountInfo = Type.Object({
  username: Type.String(),
  email: Type.String(),
  membership: MembershipOrNull(),
  /** BUSINESS_TZ: the console reads the lists' whole-day filters in it, as the server counts business days. */
  businessTimeZone: Type.String({ description: '业务时区（IANA 名称）：列表的日期筛选与看板的业务日按它计' }),
});
export type AccountInfo = Static<typeof AccountInfo>;

// ───────────────────────────── the users screen ─────────────────────────────

/** The users screen's filters: texts contain, role, membership level (0: no membership). */
export const AccountListQuery = Type.Object(
  {
    ...PageFields,
    username: Type.Optional(Type.String({ maxLength: 64 })),
    email: Type.Optional(Type.String({ maxLength: EMAIL_MAX })),
    status: Type.Optional(AccountStatus),
    roleId: Type.Optional(Id()),
    levelId: Type.Optional(Int4(0)),
    /** Registered at or after (ISO 8601): the dashboard's 新增会员 link. */
    createdFrom: Type.Optional(DateTime({ description: '注册时间不早于' })),
    /** Registered before (ISO 8601). */
    createdTo: Type.Optional(DateTime({ description: '注册时间早于' })),
    /** `active`: a membership that has not expired (the dashboard's 有效会员). */
    membership: Type.Optional(OneOf(['active'] as const, 'active：会员有效（未过期）')),
  },
  strict,
);
export type AccountListQuery = Static<typeof AccountListQuery>;

export const AccountListItem = Type.Object({
  id: Id(),
  username: Type.String(),
  email: Type.String(),
  status: Literals(ACCOUNT_STATUSES),
  membership: MembershipOrNull(),
  roles: Type.Array(RoleRef),
  createdAt: DateTime(),
  /** Whether the caller may act on this account: another account whose grants are a subset of the caller's. */
  manageable: Type.Boolean({ description: '调用者可否操作该账号：另一个权限不超出调用者的账号' }),
});
export type AccountListItem = Static<typeof AccountListItem>;

const AccountPage = Page(AccountListItem);
export const AccountListPage = Type.Object({
  ...AccountPage.properties,
  totalCapped: Type.Optional(Type.Boolean({ description: '文本搜索匹配过多：total 为"至少"' })),
});
export type AccountListPage = Static<typeof AccountListPage>;

export const SetRolesBody = Type.Object({ id: Id(), roleIds: Type.Array(Id(), { maxItems: 100 }) }, strict);
export type SetRolesBody = Static<typeof SetRolesBody>;
export const RolesSet = Type.Object({ id: Id(), roleIds: Type.Array(Id()) });
export type RolesSet = Static<typeof RolesSet>;

export const AccountCreateBody = Type.Object(
  {
    username: Username(),
    email: Email(),
    /** Absent: a password is generated and answered once. */
    password: Type.Optional(NewPassword()),
    roleIds: Type.Array(Id(), { maxItems: 100 }),
  },
  strict,
);
export type AccountCreateBody = Static<typeof AccountCreateBody>;

export const AccountCreated = Type.Object({
  id: Id(),
  username: Type.String(),
  /** Present when the server generated it: shown once, never again. */
  password: Type.Optional(Type.String({ description: '服务器生成的密码：只显示这一次' })),
});
export type AccountCreated = Static<typeof AccountCreated>;

export const AccountSetStatusBody = Type.Object({ id: Id(), status: AccountStatus }, strict);
export type AccountSetStatusBody = Static<typeof AccountSetStatusBody>;
export const StatusSet = Type.Object({ id: Id(), status: Literals(ACCOUNT_STATUSES), sessionsRevoked: Type.Integer({ minimum: 0 }) });
export type StatusSet = Static<typeof StatusSet>;

export const PasswordReset = Type.Object({ id: Id(), password: Type.String() });
export type PasswordReset = Static<typeof PasswordReset>;

// ───────────────────────────── calls ─────────────────────────────

const usersScreen = [CAPABILITY_URLS.canSeeUsersManager] as const;

const exampleMembership: Membership = { levelId: 2, name: '黄金会员', expiresAt: 1_798_761_600_000, shopQuota: 5, productQuota: 200 };
/** A sign-in's answer: the password's, the second step's and the passkey's alike. */
const exampleLogin: LoginResult = {
  token: 'q3N1c2VyLXRva2VuLWV4YW1wbGU',
  expires: 1_767_225_600_000,
  username: 'amy',
  email: 'amy@example.com',
  membership: exampleMembership,
  passwordChangeRequired: false,
  enrolmentRequired: false,
};
const exampleAccount: AccountListItem = {
  id: 42,
  username: 'amy',
  email: 'amy@example.com',
  status: 'enabled',
  membership: exampleMembership,
  roles: [{ id: 3, code: 'member', name: '会员' }],
  createdAt: '2026-10-01T08:00:00.000Z',
  manageable: true,
};

export const accountApi = {
  'account/register': defineApi({
    summary: '注册账号（可填销售的邀请码）',
    description: '按地址限流（A0501）；用户名或邮箱已被使用：A0111；邀请码无效或已停用：A0400；密码太弱：A0400。注册后仍需登录。',
    auth: 'public',
    body: RegisterBody,
    answer: RegisterResult,
    example: {
      body: { username: 'amy', email: 'amy@example.com', password: 'Sturdy#Key-2468', inviteCode: 'K7M2Q9XA' },
      answer: { id: 42, username: 'amy', email: 'amy@example.com' },
    },
  }),
  'account/login': defineApi({
    summary: '登录：以用户名或邮箱和密码换取会话令牌',
    description: `按地址限流（A0501）；用户名或密码错误：A0210（不区分账号是否存在）；连续 5 次错误锁定 10 分钟：A0211；停用的账号在密码正确后才答 A0202；管理员生成的临时密码 ${ONE_TIME_PASSWORD_HOURS} 小时后失效，在密码正确后答 A0213。`,
    auth: 'public',
    body: LoginBody,
    answer: LoginResult,
    example: {
      body: { username: 'amy', password: 'Sturdy#Key-2468', remember: true },
      answer: exampleLogin,
    },
  }),
  'account/loginSecondFactor': defineApi({
    summary: '登录第二步：身份验证器的验证码、一个恢复码或通行密钥的签名',
    description: `account/login 答 A0215 后 ${SECOND_FACTOR_WAIT_SECONDS / 60} 分钟内，以它给的 ticket 调用；code、recoveryCode、passkey 三者给且只给一个。验证码错误：A0217（字段 code），计入连续错误锁定；错 ${SECOND_FACTOR_TRIES} 次后须重新输入密码。每个验证码只能用一次，恢复码亦然。`,
    auth: 'public',
    body: LoginSecondFactorBody,
    answer: LoginResult,
    example: {
      body: { ticket: 'dGlja2V0LWV4YW1wbGUtMTIzNDU2', code: '492039' },
      answer: exampleLogin,
    },
  }),
  'account/passkeyOptions': defineApi({
    summary: '用通行密钥登录：取一个挑战（5 分钟内有效，只能用一次）',
    description: '按地址限流（A0501），与登录共用限额。',
    auth: 'public',
    body: Empty,
    answer: PasskeySignInOptions,
    example: {
      body: {},
      answer: {
        ticket: 'dGlja2V0LWV4YW1wbGUtMTIzNDU2',
        options: { challenge: 'q3N1YmNoYWxsZW5nZQ', rpId: 'console.example.com', userVerification: 'required', allowCredentials: [] },
      },
    },
  }),
  'account/passkeyLogin': defineApi({
    summary: '用通行密钥登录（无需密码）：通行密钥本身即两个因素（设备与指纹或 PIN）',
    description: '签名不对、凭据未知或已删除：A0217；账号停用 A0202，锁定 A0211。',
    auth: 'public',
    body: PasskeyLoginBody,
    answer: LoginResult,
    example: {
      body: {
        ticket: 'dGlja2V0LWV4YW1wbGUtMTIzNDU2',
        credential: {
          id: 'Y3JlZA',
          rawId: 'Y3JlZA',
          type: 'public-key',
          clientExtensionResults: {},
          response: {
            clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uZ2V0In0',
            authenticatorData: 'SZYN5YgO',
            signature: 'MEUCIQ',
            userHandle: 'NDI',
          },
        },
      },
      answer: exampleLogin,
    },
  }),
  'account/passwordResetOptions': defineApi({
    summary: '忘记密码：能否通过邮件重置（登录页据此显示重置表单或"请联系管理员"）',
    auth: 'public',
    body: Empty,
    answer: PasswordResetOptions,
    example: { body: {}, answer: { byEmail: true, codeMinutes: RESET_CODE_MINUTES } },
  }),
  'account/requestPasswordReset': defineApi({
    summary: '忘记密码：向该邮箱发送重置密码的验证码',
    description: `无论邮箱是否已注册、账号是否停用，回答都相同（邮件在回答之后发送）；验证码 ${RESET_CODE_MINUTES} 分钟内有效，只能用一次，新的验证码使旧的失效；每个账号每小时最多 ${RESET_MAILS_PER_HOUR} 封（超出时照常回答但不再发送）。按地址限流（A0501）。服务器未配置邮件（SMTP_URL）：A0301，请联系管理员重置密码。`,
    auth: 'public',
    body: PasswordResetRequestBody,
    answer: PasswordResetRequested,
    example: { body: { email: 'amy@example.com' }, answer: { codeMinutes: RESET_CODE_MINUTES } },
  }),
  'account/confirmPasswordReset': defineApi({
    summary: '忘记密码：以邮件中的验证码设置新密码，并结束该账号的全部会话',
    description: `验证码错误、过期或已用：A0400（字段 resetCode），错 ${RESET_CODE_TRIES} 次后该验证码作废；新密码太弱：A0400（字段 newPassword）。成功后不会自动登录：请用新密码登录，需要两步验证的账号仍会被要求验证。停用的账号重置后仍是停用的。按地址限流（A0501）。`,
    auth: 'public',
    body: PasswordResetConfirmBody,
    answer: PasswordResetDone,
    example: {
      body: { email: 'amy@example.com', resetCode: 'K7M2Q9XA', newPassword: 'Sturdy#Key-2468' },
      answer: { signedOut: 2 },
    },
  }),
  'account/logout': defineApi({
    summary: '退出登录：结束本次会话',
    auth: 'account',
    body: Empty,
    answer: Type.Null(),
    example: { body: {}, answer: null },
  }),
  'account/stepUp': defineApi({
    summary: '验证身份：再次输入登录密码或身份验证器的验证码，本会话在几分钟内可进行敏感操作',
    description:
      '敏感操作（提现、审批、退款、授权、审核脚本与版本、结束其他会话、更改验证方式等）要求本会话最近验证过身份（登录也算），否则答 A0214。password 与 code 给且只给一个。密码错误：A0210（字段 password）；验证码错误：A0217（字段 code）；都与登录一起计入连续错误锁定：A0211；按地址限流：A0501。',
    auth: 'account',
    body: StepUpBody,
    answer: StepUpResult,
    example: { body: { password: 'Sturdy#Key-2468' }, answer: { provedUntil: '2026-11-20T08:05:00.000Z' } },
  }),
  'account/getMenus': defineApi({
    summary: '调用者的菜单树：被授权的菜单及其上级',
    auth: 'account',
    body: Empty,
    answer: Type.Array(MenuNode),
    example: {
      body: {},
      answer: [
        {
          id: 1,
          title: '首页',
          url: '/client/home',
          icon: 'HomeOutlined',
          kind: 'page',
          visible: true,
          children: [],
        },
      ],
    },
  }),
  'account/getOne': defineApi({
    summary: '调用者的账号：用户名、邮箱、会员',
    auth: 'account',
    body: Empty,
    answer: AccountInfo,
    example: {
      body: {},
      answer: { username: 'amy', email: 'amy@example.com', membership: exampleMembership, businessTimeZone: 'Asia/Shanghai' },
    },
  }),
  'account/list': defineApi({
    summary: '用户管理列表：按用户名、邮箱（包含）、状态、角色、会员等级筛选（分页）',
    description: '文本搜索匹配超过 1000 个时 total 为下限，totalCapped 为 true。',
    auth: { anyGrant: usersScreen },
    body: AccountListQuery,
    answer: AccountListPage,
    example: { body: { current: 1, pageSize: 10, username: 'am' }, answer: { list: [exampleAccount], total: 1, current: 1, pageSize: 10 } },
  }),
  'account/setRoles': defineApi({
    summary: '设置账号的角色（整体替换）',
    description: '不能修改自己的角色；只能授予不超出自身权限的角色；不能移除最后一个启用的超级管理员。',
    auth: { anyGrant: usersScreen, action: ACTIONS.canSetRoles.url },
    stepUp: true,
    body: SetRolesBody,
    answer: RolesSet,
    example: { body: { id: 42, roleIds: [3, 5] }, answer: { id: 42, roleIds: [3, 5] } },
  }),
  'account/create': defineApi({
    summary: '新建账号：不填密码时生成一个，只在这次回答中出现',
    description: `用户名或邮箱已存在：A0400；只能授予不超出自身权限的角色。生成的密码只能用来登录一次并改成新密码，${ONE_TIME_PASSWORD_HOURS} 小时后失效。`,
    auth: { anyGrant: usersScreen, action: ACTIONS.canCreateAccount.url },
    body: AccountCreateBody,
    answer: AccountCreated,
    example: {
      body: { username: 'bob', email: 'bob@example.com', roleIds: [3] },
      answer: { id: 43, username: 'bob', password: 'x7Kp2mQ9vR4t' },
    },
  }),
  'account/setStatus': defineApi({
    summary: '启用或停用账号；停用即结束它的全部会话',
    description: '不能停用自己，也不能停用最后一个启用的超级管理员；只能操作权限不超出自身的账号。',
    auth: { anyGrant: usersScreen, action: ACTIONS.canSetAccountStatus.url },
    body: AccountSetStatusBody,
    answer: StatusSet,
    example: { body: { id: 42, status: 'disabled' }, answer: { id: 42, status: 'disabled', sessionsRevoked: 2 } },
  }),
  'account/resetPassword': defineApi({
    summary: '重置密码：生成新密码（只显示这一次），解除锁定并结束该账号的全部会话',
    description: `生成的密码只能用来登录一次并改成新密码，${ONE_TIME_PASSWORD_HOURS} 小时后失效。`,
    auth: { anyGrant: usersScreen, action: ACTIONS.canResetPassword.url },
    body: IdBodySchema,
    answer: PasswordReset,
    example: { body: { id: 42 }, answer: { id: 42, password: 'x7Kp2mQ9vR4t' } },
  }),
  'account/resetFactors': defineApi({
    summary: '重置两步验证：删除账号的全部验证方式与恢复码，结束它的全部会话；它下次登录须重新设置',
    description: '只能操作权限不超出自身的账号；不能重置自己的（在个人设置里更改）。记入操作日志。',
    auth: { anyGrant: usersScreen, action: ACTIONS.canResetPassword.url },
    stepUp: true,
    body: IdBodySchema,
    answer: FactorsReset,
    example: { body: { id: 42 }, answer: { id: 42, sessionsRevoked: 1 } },
  }),
};
