/** `role/*`: roles with their menu grants; the rules live in server/rbac/roles.ts. */
import { defineCall } from '../http/calls';
import { createRole, deleteRole, listRoles, previewGrants, roleOptions, updateRole } from '../rbac/roles';

export const roleCalls = [
  defineCall('role/list', ({ db, body }) => listRoles(db, body)),
  defineCall('role/options', ({ db, account, snapshot }) => roleOptions(db, { account, snapshot })),
  defineCall('role/preview', async ({ body, snapshot }) => previewGrants(snapshot, body.menuIds)),
  defineCall('role/create', ({ db, body, account, snapshot, audit }) => createRole(db, { account, snapshot }, body, audit)),
  defineCall('role/update', ({ db, body, account, snapshot, audit }) => updateRole(db, { account, snapshot }, body, audit)),
  defineCall('role/delete', ({ db, body, account, snapshot, audit }) => deleteRole(db, { account, snapshot }, body.id, audit)),
];
