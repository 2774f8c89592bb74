/** `dashboard/summary`: 首页 for staff (server/dashboard/summary.ts). */
import { defineCall } from '../http/calls';
import { dashboardParts, dashboardSummary } from '../dashboard/summary';

export const dashboardCalls = [
  defineCall('dashboard/summary', ({ db, body, account, snapshot, config }) =>
    dashboardSummary(db, body, dashboardParts(account, snapshot), config.businessTimeZone),
  ),
];
