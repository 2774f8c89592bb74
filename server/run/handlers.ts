/** `run/*`: the plug-in's runs, started by the console and reported by the plug-in (server/run/runs.ts), and 运行记录 (./list.ts). */
import type { CallHandlers } from '../context';
import { listAllRuns, listMyRuns } from './list';
import { finishRun, getRun, reportRun, startRun } from './runs';

export const runHandlers = {
  'run/start': startRun,
  'run/report': reportRun,
  'run/finish': finishRun,
  'run/get': getRun,
  'run/mine': listMyRuns,
  'run/list': listAllRuns,
} satisfies Partial<CallHandlers>;
