/** `role/*`: roles with their menu grants; the rules live in server/role/roles.ts. */
import type { CallHandlers } from '../context';
import { createRole, deleteRole, listRoles, previewGrants, roleOptions, updateRole } from './roles';

export const roleHandlers = {
  'role/list': listRoles,
  'role/options': roleOptions,
  'role/preview': previewGrants,
  'role/create': createRole,
  'role/update': updateRole,
  'role/delete': deleteRole,
} satisfies Partial<CallHandlers>;
