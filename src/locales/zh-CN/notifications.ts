/** The header's bell (src/components/Notifications): its words, read by its tests and the e2e too. */
export const NOTIFICATION_TEXT = {
  /** The bell's accessible name and the panel's title. */
  title: '通知',
  markAllRead: '全部已读',
  empty: '暂无通知',
  loadMore: '加载更多',
  unread: (count: number) => `${count} 条未读`,
  /** 新设备登录's action (profile/notMe) and its confirmation. */
  notMe: '不是我',
  notMeTitle: '确认这次登录不是您本人？',
  notMeContent: '您的所有设备（包括这台）将立即退出，账号停用，待管理员核查后启用。请尽快联系管理员。',
  notMeConfirm: '不是我，锁定账号',
  notMeDone: '已退出所有设备，账号已锁定待管理员核查',
  /** The badge past 99. */
  overflow: 99,
} as const;
