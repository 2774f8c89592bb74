/** `account/*`: sign-in (server/auth/signin.ts), the caller's menus and account, and the users screen (server/accounts). */
import { createAccount, resetPassword, setAccountStatus, setRoles } from '../accounts/admin';
import { listAccounts } from '../accounts/list';
import { login, logout, register } from '../auth/signin';
import { RawJson } from '../context';
import type { CallHandlers } from '../http/calls';

export const accountHandlers = {
  'account/register': register,
  'account/login': login,
  'account/logout': logout,
  // The tree is serialised once per RBAC version (server/rbac/snapshot.ts).
  'account/getMenus': async ({ account, snapshot }) => new RawJson(snapshot.forRoles(account.roleIds).json),
  'account/getOne': async ({ account, config }) => ({
    username: account.username,
    email: account.email,
    membership: account.membership,
    businessTimeZone: config.businessTimeZone,
  }),
  'account/list': listAccounts,
  'account/setRoles': setRoles,
  'account/create': createAccount,
  'account/setStatus': setAccountStatus,
  'account/resetPassword': resetPassword,
} satisfies Partial<CallHandlers>;
