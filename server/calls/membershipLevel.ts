/** `membershipLevel/*` for staff; the rules live in server/memberships/levels.ts. */
import type { CallHandlers } from '../http/calls';
import { createLevel, deleteLevel, levelOptions, listLevels, setLevelOnSale, updateLevel } from '../memberships/levels';

export const membershipLevelHandlers = {
  'membershipLevel/list': listLevels,
  'membershipLevel/options': levelOptions,
  'membershipLevel/create': createLevel,
  'membershipLevel/update': updateLevel,
  'membershipLevel/setOnSale': setLevelOnSale,
  'membershipLevel/delete': deleteLevel,
} satisfies Partial<CallHandlers>;
