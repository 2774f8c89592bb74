/** `membershipLevel/*` for staff; the rules live in server/memberships/levels.ts. */
import { defineCall } from '../http/calls';
import { createLevel, deleteLevel, levelOptions, listLevels, setLevelOnSale, updateLevel } from '../memberships/levels';

export const membershipLevelCalls = [
  defineCall('membershipLevel/list', ({ db, body }) => listLevels(db, body)),
  defineCall('membershipLevel/options', ({ db }) => levelOptions(db)),
  defineCall('membershipLevel/create', ({ db, body, audit }) => createLevel(db, body, audit)),
  defineCall('membershipLevel/update', ({ db, body, audit }) => updateLevel(db, body, audit)),
  defineCall('membershipLevel/setOnSale', ({ db, body, audit }) => setLevelOnSale(db, body.id, body.onSale, audit)),
  defineCall('membershipLevel/delete', ({ db, body, audit }) => deleteLevel(db, body.id, audit)),
];
