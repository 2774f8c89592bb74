/** `membershipLevel/*` for staff; the rules live in server/memberships/levels.ts. */
import type { CallHandlers } from '../http/calls';
import { createLevel, deleteLevel, levelOptions, listLevels, setLevelOnSale, updateLevel } from '../memberships/levels';

export const membershipLevelHandlers = {
  'membershipLevel/list': ({ db, body }) => listLevels(db, body),
  'membershipLevel/options': ({ db }) => levelOptions(db),
  'membershipLevel/create': ({ db, body, audit }) => createLevel(db, body, audit),
  'membershipLevel/update': ({ db, body, audit }) => updateLevel(db, body, audit),
  'membershipLevel/setOnSale': ({ db, body, audit }) => setLevelOnSale(db, body.id, body.onSale, audit),
  'membershipLevel/delete': ({ db, body, audit }) => deleteLevel(db, body.id, audit),
} satisfies Partial<CallHandlers>;
