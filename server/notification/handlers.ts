/** `notification/*`: the caller's notifications (server/notification/inbox.ts) and the stream's ticket (streamTickets.ts). */
import type { CallHandlers } from '../context';
import { listNotifications, markAllRead, markRead, unreadOf } from './inbox';
import { streamTicket } from './streamTickets';

export const notificationHandlers = {
  'notification/list': listNotifications,
  'notification/unreadCount': unreadOf,
  'notification/markRead': markRead,
  'notification/markAllRead': markAllRead,
  'notification/streamTicket': streamTicket,
} satisfies Partial<CallHandlers>;
