/** Strings of 在线用户 that tests also look for. */
export const ONLINE_TEXT = {
  action: '强制下线',
  current: '当前会话',
  beyond: '无权操作',
  confirmTitle: (username: string) => `强制 ${username} 下线？`,
  confirmBody: '该会话立即失效，对方下一次操作时将回到登录页。此操作会记入操作日志。',
  confirmCurrent: '这是您当前使用的会话，确认后将退出登录。',
  done: (username: string) => `已强制 ${username} 下线`,
  empty: '没有在线会话',
} as const;
