/**
 * `/api/admin/notification/*`: the bell's calls. The background ones (the count, the stream's
 * ticket) show no toast when they fail: the bell shows its own state, and an expired login is still
 * handled by the request layer.
 */
import { callApi } from '@/services/request';

const quiet = { errorToast: false } as const;

export const listNotifications = (current: number, pageSize: number) => callApi('notification/list', { current, pageSize }, quiet);

export const getUnreadCount = () => callApi('notification/unreadCount', {}, quiet);

export const markNotificationsRead = (ids: number[]) => callApi('notification/markRead', { ids }, quiet);

export const markAllNotificationsRead = (throughId?: number) => callApi('notification/markAllRead', throughId ? { throughId } : {});

export const getStreamTicket = () => callApi('notification/streamTicket', {}, quiet);
