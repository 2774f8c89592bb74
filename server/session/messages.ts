/** The refusals of 在线用户 (server/session/onlineSessions.ts). */
export const ONLINE_SESSION_MESSAGES = {
  sessionNotFound: '会话不存在或已结束',
  noLiveSessions: '该账号没有在线会话',
} as const;
