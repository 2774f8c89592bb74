/** `loginLog/list`: 登录日志 (server/loginLog/loginLog.ts). */
import type { CallHandlers } from '../context';
import { listLoginLog } from './loginLog';

export const loginLogHandlers = { 'loginLog/list': listLoginLog } satisfies Partial<CallHandlers>;
