/** 登录日志 (staff): every login and registration attempt, newest first. */
import { Type, type Static } from '@sinclair/typebox';
import { CAPABILITY_URLS } from '../capabilities';
import { LOGIN_KINDS, LOGIN_RESULTS } from '../system';
import { BigId, DateTime, Id, Literals, Nullable, Page, PageFields } from './common';

import { defineApi } from './define';

export const LoginLogQuery = Type.Object(
  {
    ...PageFields,
    result: Type.Optional(Type.Union([Type.Literal('success'), Type.Literal('failure')])),
    kind: Type.Optional(Literals(Object.keys(LOGIN_KINDS) as Array<keyof typeof LOGIN_KINDS>)),
    /** The name as typed (contains). */
    username: Type.Optional(Type.String({ maxLength: 100, description: '输入的用户名或邮箱（包含）' })),
    /** The client address (prefix). */
    ip: Type.Optional(Type.String({ maxLength: 64, description: 'IP（开头）' })),
    from: Type.Optional(DateTime({ description: '时间下限（含）' })),
    to: Type.Optional(DateTime({ description: '时间上限（不含）' })),
  },
  { additionalProperties: false },
);
export type LoginLogQuery = Static<typeof LoginLogQuery>;

export const LoginLogItem = Type.Object({
  id: BigId(),
  kind: Literals(Object.keys(LOGIN_KINDS) as Array<keyof typeof LOGIN_KINDS>),
  /** The name as typed (username or email), null for attempts logged before names were kept. */
  username: Nullable(Type.String({ description: '输入的用户名或邮箱' })),
  accountId: Nullable(Id()),
  ip: Type.String(),
  userAgent: Nullable(Type.String()),
  result: Literals(Object.keys(LOGIN_RESULTS) as Array<keyof typeof LOGIN_RESULTS>),
  at: DateTime(),
});
export type LoginLogItem = Static<typeof LoginLogItem>;

export const loginLogApi = {
  'loginLog/list': defineApi({
    summary: '登录日志：登录与注册尝试，按结果、类型、用户名、IP、时间筛选（分页）',
    auth: { anyGrant: [CAPABILITY_URLS.canSeeLoginLog] },
    body: LoginLogQuery,
    answer: Page(LoginLogItem),
    example: {
      body: { current: 1, pageSize: 10, result: 'failure', from: '2026-11-20T00:00:00.000Z', to: '2026-11-21T00:00:00.000Z' },
      answer: {
        list: [
          {
            id: 120_345,
            kind: 'login',
            username: 'amy',
            accountId: 42,
            ip: '203.0.113.7',
            userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/130.0',
            result: 'failure',
            at: '2026-11-20T08:00:00.000Z',
          },
        ],
        total: 1,
        current: 1,
        pageSize: 10,
      },
    },
  }),
};
