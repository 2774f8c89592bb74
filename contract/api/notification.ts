/**
 * Notifications (the header's bell, docs/notifications.md): the caller's items newest first, the
 * unread count, marking read, and the ticket that opens the live stream. Every call is the caller's
 * own: an item is listed, counted and marked only for the accounts it is for.
 */
import { Type, type Static } from '@sinclair/typebox';
import {
  NOTIFICATION_KIND_NAMES,
  NOTIFICATION_STREAM_PATH,
  STREAM_EVENTS,
  STREAM_TICKET_TTL_SECONDS,
  UNREAD_COUNT_CAP,
} from '../notifications';
import { BigId, DateTime, Empty, Literals, Page, PageFields } from './common';
import { defineApi } from './define';

/** The most ids one `notification/markRead` takes. */
export const MARK_READ_MAX_IDS = 100;

export const NotificationListQuery = Type.Object(
  {
    ...PageFields,
    unreadOnly: Type.Optional(Type.Boolean({ description: '只列未读的' })),
  },
  { additionalProperties: false },
);
export type NotificationListQuery = Static<typeof NotificationListQuery>;

export const NotificationItem = Type.Object({
  id: BigId(),
  kind: Literals(NOTIFICATION_KIND_NAMES),
  title: Type.String(),
  text: Type.String(),
  link: Type.String({ description: '控制台中打开该记录的页面（路径和查询）' }),
  read: Type.Boolean({ description: '已读；角色通知（待审批、待收款）在记录处理后也算已读' }),
  createdAt: DateTime(),
});
export type NotificationItem = Static<typeof NotificationItem>;

export const UnreadCount = Type.Object({
  unread: Type.Integer({ minimum: 0, maximum: UNREAD_COUNT_CAP, description: `未读条数（至多计到 ${UNREAD_COUNT_CAP}）` }),
});
export type UnreadCount = Static<typeof UnreadCount>;

export const MarkReadBody = Type.Object(
  { ids: Type.Array(BigId(), { minItems: 1, maxItems: MARK_READ_MAX_IDS, uniqueItems: true }) },
  { additionalProperties: false },
);
export type MarkReadBody = Static<typeof MarkReadBody>;

export const MarkAllReadBody = Type.Object({ throughId: Type.Optional(BigId()) }, { additionalProperties: false });
export type MarkAllReadBody = Static<typeof MarkAllReadBody>;

export const StreamTicket = Type.Object({
  ticket: Type.String({ description: '一次性票据' }),
  expiresAt: DateTime(),
});
export type StreamTicket = Static<typeof StreamTicket>;

const exampleItem: NotificationItem = {
  id: 41,
  kind: 'withdrawal.requested',
  title: '提现申请待审批',
  text: 'demo_sale 申请提现 ¥200.00',
  link: '/client/withdrawalApproval?id=9',
  read: false,
  createdAt: '2026-11-22T03:00:00.000Z',
};

export const notificationApi = {
  'notification/list': defineApi({
    summary: '我的通知：最新的在前（分页）',
    description:
      '每条通知只给能处理或拥有该记录的账号：提现申请给有提现审批权限的账号，待收款订单给有订单列表和 /admin 权限的账号，待审核的脚本和版本申请给有“审核脚本”权限的账号，其余给记录的本人。',
    auth: 'account',
    body: NotificationListQuery,
    answer: Page(NotificationItem),
    example: { body: { current: 1, pageSize: 10 }, answer: { list: [exampleItem], total: 1, current: 1, pageSize: 10 } },
  }),
  'notification/unreadCount': defineApi({
    summary: '未读通知条数',
    auth: 'account',
    body: Empty,
    answer: UnreadCount,
    example: { body: {}, answer: { unread: 3 } },
  }),
  'notification/markRead': defineApi({
    summary: '把几条通知标为已读，应答剩余的未读条数',
    description: `一次至多 ${MARK_READ_MAX_IDS} 条；不是给调用者的通知不受影响。`,
    auth: 'account',
    body: MarkReadBody,
    answer: UnreadCount,
    example: { body: { ids: [41] }, answer: { unread: 2 } },
  }),
  'notification/markAllRead': defineApi({
    summary: '全部已读：把调用者的通知（至 throughId 为止，缺省为全部）标为已读',
    auth: 'account',
    body: MarkAllReadBody,
    answer: UnreadCount,
    example: { body: { throughId: 41 }, answer: { unread: 0 } },
  }),
  'notification/streamTicket': defineApi({
    summary: '实时通知的票据：打开一次通知流',
    description:
      `通知流是 Server-Sent Events：\`GET ${NOTIFICATION_STREAM_PATH}?ticket=<票据>\`（EventSource 不能带 Authorization 头，令牌也不应出现在会被记录的地址里，所以用票据）。` +
      `票据只能用一次，${STREAM_TICKET_TTL_SECONDS} 秒内有效，流随签发它的会话结束（退出、被强制下线、过期）。` +
      `事件：\`${STREAM_EVENTS.item}\`（新通知，data 为通知条目，id 为通知编号）、\`${STREAM_EVENTS.unread}\`（data 为 {"unread": n}）、\`${STREAM_EVENTS.end}\`（会话已结束，不要再连接）。` +
      '断线重连时用新的票据，并以 lastEventId 查询参数（或 Last-Event-ID 头）带上收到的最后一个编号，之后的通知会补发。',
    auth: 'account',
    body: Empty,
    answer: StreamTicket,
    example: { body: {}, answer: { ticket: 'q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6j7k8l9z0x1c', expiresAt: '2026-11-22T03:01:00.000Z' } },
  }),
};
