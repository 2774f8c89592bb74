/** `role/*`: roles with their menu grants; the rules live in server/rbac/roles.ts. */
import type { CallHandlers } from '../http/calls';
import { createRole, deleteRole, listRoles, previewGrants, roleOptions, updateRole } from '../rbac/roles';

export const roleHandlers = {
  'role/list': ({ db, body }) => listRoles(db, body),
  'role/options': ({ db, account, snapshot }) => roleOptions(db, { account, snapshot }),
  'role/preview': async ({ body, snapshot }) => previewGrants(snapshot, body.menuIds),
  'role/create': ({ db, body, account, snapshot, audit }) => createRole(db, { account, snapshot }, body, audit),
  'role/update': ({ db, body, account, snapshot, audit }) => updateRole(db, { account, snapshot }, body, audit),
  'role/delete': ({ db, body, account, snapshot, audit }) => deleteRole(db, { account, snapshot }, body.id, audit),
} satisfies Partial<CallHandlers>;
