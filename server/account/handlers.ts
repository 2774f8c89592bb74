/**
 * `account/*`: sign-in (server/auth/signin.ts), the register page's inviter lookup
 * (server/promotion/referrals.ts), the caller's menus and account, and the users screen.
 */
import { createAccount, resetFactors, resetPassword, setAccountStatus, setRoles } from './admin';
import { listAccounts } from './list';
import { login, logout, register } from '../auth/signin';
import { stepUp } from '../auth/stepUp';
import { loginSecondFactor, passkeyLogin, passkeyOptions } from '../auth/secondFactor';
import { confirmPasswordReset, passwordResetOptions, requestPasswordReset } from '../auth/passwordReset';
import { inviterOf } from '../promotion/referrals';
import { RawJson } from '../context';
import type { CallHandlers } from '../context';

export const accountHandlers = {
  'account/register': register,
  'account/inviter': inviterOf,
  'account/login': login,
  'account/loginSecondFactor': loginSecondFactor,
  'account/passkeyOptions': passkeyOptions,
  'account/passkeyLogin': passkeyLogin,
  'account/logout': logout,
  'account/passwordResetOptions': passwordResetOptions,
  'account/requestPasswordReset': requestPasswordReset,
  'account/confirmPasswordReset': confirmPasswordReset,
  'account/stepUp': stepUp,
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
  'account/resetFactors': resetFactors,
} satisfies Partial<CallHandlers>;
