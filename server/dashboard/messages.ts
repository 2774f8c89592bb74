/** The dashboard's refusals (dashboard/summary); the tests import them from here. */
import { DASHBOARD_RANGE_MAX_DAYS } from '#contract/api/dashboard';

export const DASHBOARD_MESSAGES = {
  badDay: '不是有效的日期',
  toBeforeFrom: '结束日期不能早于开始日期',
  tooLong: `日期范围不能超过 ${DASHBOARD_RANGE_MAX_DAYS} 天`,
  halfRange: '开始日期和结束日期应一起填写',
} as const;
