/** `account/*`: sign-in (server/auth/signin.ts), the caller's menus and account, and the users screen (server/accounts). */
import { createAccount, resetPassword, setAccountStatus, setRoles } from '../accounts/admin';
import { listAccounts } from '../accounts/list';
import { login, logout, register } from '../auth/signin';
import { defineCall } from '../http/calls';
import { RawJson } from '../http/respond';

export const accountCalls = [
  defineCall('account/register', ({ db, config, body, ip, userAgent }) => register(db, config, body, { ip, userAgent })),
  defineCall('account/login', ({ db, config, body, ip, userAgent }) => login(db, config, body, { ip, userAgent })),
  defineCall('account/logout', ({ db, account }) => logout(db, account.sessionId)),
  // The tree is serialised once per RBAC version (server/rbac/snapshot.ts).
  defineCall('account/getMenus', async ({ account, snapshot }) => new RawJson(snapshot.forRoles(account.roleIds).json)),
  defineCall('account/getOne', async ({ account, config }) => ({
    username: account.username,
    email: account.email,
    membership: account.membership,
    businessTimeZone: config.businessTimeZone,
  })),
  defineCall('account/list', ({ db, body, account, snapshot }) => listAccounts(db, body, { account, snapshot })),
  defineCall('account/setRoles', ({ db, body, account, snapshot, audit }) => setRoles(db, body, { account, snapshot, audit })),
  defineCall('account/create', ({ db, body, account, snapshot, audit }) => createAccount(db, body, { account, snapshot, audit })),
  defineCall('account/setStatus', ({ db, body, account, snapshot, audit }) => setAccountStatus(db, body, { account, snapshot, audit })),
  defineCall('account/resetPassword', ({ db, body, account, snapshot, audit }) => resetPassword(db, body.id, { account, snapshot, audit })),
];
