/** `parameter/*` (系统参数); the rules live in server/parameter/parameters.ts. */
import type { CallHandlers } from '../context';
import { listParameters, updateParameter } from './parameters';

export const parameterHandlers = {
  'parameter/list': listParameters,
  'parameter/update': updateParameter,
} satisfies Partial<CallHandlers>;
