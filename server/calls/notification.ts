/** `notification/*`: the caller's notifications (server/notifications/inbox.ts) and the stream's ticket (streamTickets.ts). */
import type { CallHandlers } from '../http/calls';
import { listNotifications, markAllRead, markRead, unreadOf } from '../notifications/inbox';
import { streamTicket } from '../notifications/streamTickets';

export const notificationHandlers = {
  'notification/list': listNotifications,
  'notification/unreadCount': unreadOf,
  'notification/markRead': markRead,
  'notification/markAllRead': markAllRead,
  'notification/streamTicket': streamTicket,
} satisfies Partial<CallHandlers>;
