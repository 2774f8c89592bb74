/** 安全事件: the Chinese names of the kinds (the screen's tag and filter, the export's column). */
import type { SecurityEventKind } from '../securityEvents';

export const SECURITY_EVENT_KIND_LABELS: Record<SecurityEventKind, string> = {
  forbidden: '越权访问',
  rateLimited: '请求过频',
  badInputBurst: '连续参数错误',
  lockout: '账号锁定',
  stepUpFailed: '验证身份失败',
  secondFactorFailed: '两步验证失败',
  newDevice: '新设备登录',
  notMe: '不是我',
};
