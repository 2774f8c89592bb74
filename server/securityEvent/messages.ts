/** The refusals of 不是我 (profile/notMe) the server sends; tests/server/securityEvents.test.ts asserts them. */
export const SECURITY_EVENT_MESSAGES = {
  noSuchNotice: '这条通知不是发给您的新设备登录提醒',
} as const;
