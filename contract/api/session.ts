/** 在线用户 (staff): every live session, and 强制下线 (end one, audited). */
import { Type, type Static } from '@sinclair/typebox';
import { ACTIONS, CAPABILITY_URLS } from '../capabilities';
import { BigId, DateTime, Id, Nullable, Page, PageFields } from './common';
import { defineApi } from './define';

const strict = { additionalProperties: false } as const;

/** 在线用户: the live sessions, newest activity first. */
export const OnlineSessionQuery = Type.Object(
  {
    ...PageFields,
    /** The account's username (contains). */
    username: Type.Optional(Type.String({ maxLength: 64, description: '用户名（包含）' })),
    /** The client address (prefix). */
    ip: Type.Optional(Type.String({ maxLength: 64, description: 'IP（开头）' })),
  },
  strict,
);
export type OnlineSessionQuery = Static<typeof OnlineSessionQuery>;

/** A session's id (bigserial). */
export const SessionIdBody = Type.Object({ id: BigId() }, strict);
export type SessionIdBody = Static<typeof SessionIdBody>;

export const OnlineSession = Type.Object({
  id: BigId(),
  accountId: Id(),
  username: Type.String(),
  ip: Nullable(Type.String()),
  userAgent: Nullable(Type.String()),
  signedInAt: DateTime(),
  lastSeenAt: DateTime(),
  expiresAt: DateTime(),
  /** The caller's own session. */
  current: Type.Boolean({ description: '调用者自己的这次会话' }),
  /** Whether the caller may end it (the account's grants are a subset of the caller's). */
  manageable: Type.Boolean({ description: '调用者可否结束它：自己的会话，或权限不超出调用者的账号的会话' }),
});
export type OnlineSession = Static<typeof OnlineSession>;

/** A session ended: `current` when it was the caller's own (the console then logs out). */
export const SessionEnded = Type.Object({ id: BigId(), current: Type.Boolean() });
export type SessionEnded = Static<typeof SessionEnded>;

/** An account whose every session ends (全部下线). */
export const AccountSessionsBody = Type.Object({ accountId: Id() }, strict);
export type AccountSessionsBody = Static<typeof AccountSessionsBody>;

/** How many of the account's sessions ended; `current` when the caller's own was among them (the console then logs out). */
export const AccountSessionsEnded = Type.Object({ accountId: Id(), ended: Type.Integer({ minimum: 1 }), current: Type.Boolean() });
export type AccountSessionsEnded = Static<typeof AccountSessionsEnded>;

export const sessionApi = {
  'session/list': defineApi({
    summary: '在线会话：未撤销、未过期、未闲置超时的会话，最近活动的在前（分页）',
    auth: { anyGrant: [CAPABILITY_URLS.canSeeOnlineUsers] },
    body: OnlineSessionQuery,
    answer: Page(OnlineSession),
    example: {
      body: { current: 1, pageSize: 10, username: 'amy' },
      answer: {
        list: [
          {
            id: 9001,
            accountId: 42,
            username: 'amy',
            ip: '203.0.113.7',
            userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/130.0',
            signedInAt: '2026-11-20T08:00:00.000Z',
            lastSeenAt: '2026-11-20T09:12:00.000Z',
            expiresAt: '2026-11-21T08:00:00.000Z',
            current: false,
            manageable: true,
          },
        ],
        total: 1,
        current: 1,
        pageSize: 10,
      },
    },
  }),
  'session/forceLogout': defineApi({
    summary: '强制下线：结束一个会话（记入操作日志），该账号下次请求时回到登录页',
    description: '会话不存在或已结束：A0400；只能结束权限不超出自身的账号的会话。',
    auth: { anyGrant: [CAPABILITY_URLS.canSeeOnlineUsers], action: ACTIONS.canForceLogout.url },
    stepUp: true,
    body: SessionIdBody,
    answer: SessionEnded,
    example: { body: { id: 9001 }, answer: { id: 9001, current: false } },
  }),
  'session/forceLogoutAccount': defineApi({
    summary: '全部下线：结束一个账号的全部会话（记入操作日志），它在每台设备上下次请求时回到登录页',
    description: '该账号没有在线会话：A0400；只能结束权限不超出自身的账号的会话。',
    auth: { anyGrant: [CAPABILITY_URLS.canSeeOnlineUsers], action: ACTIONS.canForceLogout.url },
    stepUp: true,
    body: AccountSessionsBody,
    answer: AccountSessionsEnded,
    example: { body: { accountId: 42 }, answer: { accountId: 42, ended: 3, current: false } },
  }),
};
