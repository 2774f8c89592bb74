/** `dashboard/summary`: the staff home's figures (server/dashboard/summary.ts). */
import type { CallHandlers } from '../http/calls';
import { dashboardOf } from '../dashboard/summary';

export const dashboardHandlers = { 'dashboard/summary': dashboardOf } satisfies Partial<CallHandlers>;
