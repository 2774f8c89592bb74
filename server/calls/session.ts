/** 在线用户 (`session/*`, server/auth/onlineSessions.ts) and 登录日志 (`loginLog/list`, server/auth/loginLog.ts). */
import { listLoginLog } from '../auth/loginLog';
import { forceLogout, forceLogoutAccount, listOnlineSessions } from '../auth/onlineSessions';
import type { CallHandlers } from '../http/calls';

export const sessionHandlers = {
  'session/list': ({ db, config, body, account, snapshot }) =>
    listOnlineSessions(db, config.sessionIdleSeconds, body, { account, snapshot }),
  'session/forceLogout': ({ db, config, body, account, snapshot, audit }) =>
    forceLogout(db, config.sessionIdleSeconds, body.id, { account, snapshot, audit }),
  'session/forceLogoutAccount': ({ db, body, account, snapshot, audit }) =>
    forceLogoutAccount(db, body.accountId, { account, snapshot, audit }),
  'loginLog/list': ({ db, body }) => listLoginLog(db, body),
} satisfies Partial<CallHandlers>;
