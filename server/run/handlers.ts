/** `run/*`: the plug-in's runs, started by the console and reported by the plug-in (server/run/runs.ts). */
import type { CallHandlers } from '../context';
import { finishRun, getRun, reportRun, startRun } from './runs';

export const runHandlers = {
  'run/start': startRun,
  'run/report': reportRun,
  'run/finish': finishRun,
  'run/get': getRun,
} satisfies Partial<CallHandlers>;
