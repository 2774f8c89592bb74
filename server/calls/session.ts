/** 在线用户 (`session/*`, server/auth/onlineSessions.ts) and 登录日志 (`loginLog/list`, server/auth/loginLog.ts). */
import { listLoginLog } from '../auth/loginLog';
import { forceLogout, forceLogoutAccount, listOnlineSessions } from '../auth/onlineSessions';
import type { CallHandlers } from '../http/calls';

export const sessionHandlers = {
  'session/list': listOnlineSessions,
  'session/forceLogout': forceLogout,
  'session/forceLogoutAccount': forceLogoutAccount,
  'loginLog/list': listLoginLog,
} satisfies Partial<CallHandlers>;
