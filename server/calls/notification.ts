/** `notification/*`: the caller's notifications (server/notifications/inbox.ts) and the stream's ticket (streamTickets.ts). */
import type { CallHandlers } from '../http/calls';
import { readerOf } from '../notifications/audiences';
import { listNotifications, markAllRead, markRead, unreadCount } from '../notifications/inbox';
import { issueStreamTicket } from '../notifications/streamTickets';

export const notificationHandlers = {
  'notification/list': ({ db, body, account, snapshot, config }) =>
    listNotifications(db, readerOf(account, snapshot), body, config.businessTimeZone),
  'notification/unreadCount': async ({ db, account, snapshot }) => ({
    unread: await unreadCount(db, readerOf(account, snapshot)),
  }),
  'notification/markRead': async ({ db, body, account, snapshot }) => ({
    unread: await markRead(db, readerOf(account, snapshot), body.ids),
  }),
  'notification/markAllRead': async ({ db, body, account, snapshot }) => ({
    unread: await markAllRead(db, readerOf(account, snapshot), body.throughId),
  }),
  'notification/streamTicket': ({ db, account }) => issueStreamTicket(db, account.sessionId),
} satisfies Partial<CallHandlers>;
