/** `reconciliation/*` (对账); the checks live in server/reconciliation/reconcile.ts. */
import type { CallHandlers } from '../context';
import { listDifferences, listRuns, runNow } from './runs';

export const reconciliationHandlers = {
  'reconciliation/list': listRuns,
  'reconciliation/differences': listDifferences,
  'reconciliation/run': runNow,
} satisfies Partial<CallHandlers>;
