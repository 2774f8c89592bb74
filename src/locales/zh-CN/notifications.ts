/** The header's bell (src/components/Notifications): its words, read by its tests and the e2e too. */
export const NOTIFICATION_TEXT = {
  /** The bell's accessible name and the panel's title. */
  title: '通知',
  markAllRead: '全部已读',
  empty: '暂无通知',
  loadMore: '加载更多',
  unread: (count: number) => `${count} 条未读`,
  /** The badge past 99. */
  overflow: 99,
} as const;
