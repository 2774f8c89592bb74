/** `membershipLevel/*` for staff; the rules live in server/membershipLevel/levels.ts. */
import type { CallHandlers } from '../context';
import { createLevel, deleteLevel, levelOptions, listLevels, setLevelOnSale, updateLevel } from './levels';

export const membershipLevelHandlers = {
  'membershipLevel/list': listLevels,
  'membershipLevel/options': levelOptions,
  'membershipLevel/create': createLevel,
  'membershipLevel/update': updateLevel,
  'membershipLevel/setOnSale': setLevelOnSale,
  'membershipLevel/delete': deleteLevel,
} satisfies Partial<CallHandlers>;
