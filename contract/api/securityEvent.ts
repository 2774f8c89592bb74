/** 安全事件 (staff, ASVS 16.3.2 / 16.3.3): refusals and sign-in events, newest first, append-only. */
import { Type, type Static } from '@sinclair/typebox';
import { CAPABILITY_URLS } from '../capabilities';
import { SECURITY_EVENT_KINDS } from '../securityEvents';
import { BigId, DateTime, Id, Literals, Nullable, OneOf, Page, PageFields } from './common';
import { defineApi } from './define';

export const SecurityEventQuery = Type.Object(
  {
    ...PageFields,
    kind: Type.Optional(OneOf(SECURITY_EVENT_KINDS, '类型')),
    /** The account's username, or the name typed at a refused sign-in (contains). */
    username: Type.Optional(Type.String({ maxLength: 100, description: '账号或输入的用户名（包含）' })),
    /** The client address (prefix). */
    ip: Type.Optional(Type.String({ maxLength: 64, description: 'IP（开头）' })),
    from: Type.Optional(DateTime({ description: '时间下限（含）' })),
    to: Type.Optional(DateTime({ description: '时间上限（不含）' })),
  },
  { additionalProperties: false },
);
export type SecurityEventQuery = Static<typeof SecurityEventQuery>;

export const SecurityEventItem = Type.Object({
  id: BigId(),
  at: DateTime(),
  kind: Literals(SECURITY_EVENT_KINDS),
  accountId: Nullable(Id()),
  /** The account's username, or the name as typed at a refused sign-in. */
  username: Nullable(Type.String({ description: '账号或输入的用户名' })),
  /** The call (`order/list`) or the route it was refused on. */
  path: Nullable(Type.String({ description: '接口' })),
  ip: Nullable(Type.String()),
  userAgent: Nullable(Type.String()),
  detail: Type.Unknown({ description: '详情（JSON：锁定的次数、过频的限制、新设备的会话…）' }),
});
export type SecurityEventItem = Static<typeof SecurityEventItem>;

export const securityEventApi = {
  'securityEvent/list': defineApi({
    summary: '安全事件：越权访问、请求过频、连续参数错误、账号锁定、验证失败、新设备登录，按类型、账号、IP、时间筛选（分页）',
    auth: { anyGrant: [CAPABILITY_URLS.canSeeSecurityEvents] },
    body: SecurityEventQuery,
    answer: Page(SecurityEventItem),
    example: {
      body: { current: 1, pageSize: 10, kind: 'forbidden' },
      answer: {
        list: [
          {
            id: 81,
            at: '2026-11-20T08:00:00.000Z',
            kind: 'forbidden',
            accountId: 42,
            username: 'amy',
            path: 'account/list',
            ip: '203.0.113.7',
            userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/130.0',
            detail: {},
          },
        ],
        total: 1,
        current: 1,
        pageSize: 10,
      },
    },
  }),
};
