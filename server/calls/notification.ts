/** `notification/*`: the caller's notifications (server/notifications/inbox.ts) and the stream's ticket (streamTickets.ts). */
import { defineCall } from '../http/calls';
import { readerOf } from '../notifications/audiences';
import { listNotifications, markAllRead, markRead, unreadCount } from '../notifications/inbox';
import { issueStreamTicket } from '../notifications/streamTickets';

export const notificationCalls = [
  defineCall('notification/list', ({ db, body, account, snapshot, config }) =>
    listNotifications(db, readerOf(account, snapshot), body, config.businessTimeZone),
  ),
  defineCall('notification/unreadCount', async ({ db, account, snapshot }) => ({
    unread: await unreadCount(db, readerOf(account, snapshot)),
  })),
  defineCall('notification/markRead', async ({ db, body, account, snapshot }) => ({
    unread: await markRead(db, readerOf(account, snapshot), body.ids),
  })),
  defineCall('notification/markAllRead', async ({ db, body, account, snapshot }) => ({
    unread: await markAllRead(db, readerOf(account, snapshot), body.throughId),
  })),
  defineCall('notification/streamTicket', ({ db, account }) => issueStreamTicket(db, account.sessionId)),
];
