/** `account/*`: sign-in (server/auth/signin.ts), the caller's menus and account, and the users screen (server/accounts). */
import { createAccount, resetPassword, setAccountStatus, setRoles } from '../accounts/admin';
import { listAccounts } from '../accounts/list';
import { login, logout, register } from '../auth/signin';
import type { CallHandlers } from '../http/calls';
import { RawJson } from '../http/respond';

export const accountHandlers = {
  'account/register': ({ db, config, body, ip, userAgent }) => register(db, config, body, { ip, userAgent }),
  'account/login': ({ db, config, body, ip, userAgent }) => login(db, config, body, { ip, userAgent }),
  'account/logout': ({ db, account }) => logout(db, account.sessionId),
  // The tree is serialised once per RBAC version (server/rbac/snapshot.ts).
  'account/getMenus': async ({ account, snapshot }) => new RawJson(snapshot.forRoles(account.roleIds).json),
  'account/getOne': async ({ account, config }) => ({
    username: account.username,
    email: account.email,
    membership: account.membership,
    businessTimeZone: config.businessTimeZone,
  }),
  'account/list': ({ db, body, account, snapshot }) => listAccounts(db, body, { account, snapshot }),
  'account/setRoles': ({ db, body, account, snapshot, audit }) => setRoles(db, body, { account, snapshot, audit }),
  'account/create': ({ db, body, account, snapshot, audit }) => createAccount(db, body, { account, snapshot, audit }),
  'account/setStatus': ({ db, body, account, snapshot, audit }) => setAccountStatus(db, body, { account, snapshot, audit }),
  'account/resetPassword': ({ db, body, account, snapshot, audit }) => resetPassword(db, body.id, { account, snapshot, audit }),
} satisfies Partial<CallHandlers>;
