/** `dashboard/summary`: the staff home's figures (server/dashboard/summary.ts). */
import type { CallHandlers } from '../context';
import { dashboardOf } from './summary';

export const dashboardHandlers = { 'dashboard/summary': dashboardOf } satisfies Partial<CallHandlers>;
