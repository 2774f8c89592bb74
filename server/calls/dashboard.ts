/** `dashboard/summary`: 首页 for staff (server/dashboard/summary.ts). */
import type { CallHandlers } from '../http/calls';
import { dashboardParts, dashboardSummary } from '../dashboard/summary';

export const dashboardHandlers = {
  'dashboard/summary': ({ db, body, account, snapshot, config }) =>
    dashboardSummary(db, body, dashboardParts(account, snapshot), config.businessTimeZone),
} satisfies Partial<CallHandlers>;
