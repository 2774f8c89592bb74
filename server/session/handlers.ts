/** 在线用户 (`session/*`, server/session/onlineSessions.ts). */
import type { CallHandlers } from '../context';
import { forceLogout, forceLogoutAccount, listOnlineSessions } from './onlineSessions';

export const sessionHandlers = {
  'session/list': listOnlineSessions,
  'session/forceLogout': forceLogout,
  'session/forceLogoutAccount': forceLogoutAccount,
} satisfies Partial<CallHandlers>;
