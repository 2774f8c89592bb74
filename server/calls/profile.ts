/** `profile/*`: the caller's own account and the home screen's figures (server/accounts/profile.ts). */
import { changePassword, getProfile, homeSummary, listOwnSessions, revokeOwnSession, updateEmail } from '../accounts/profile';
import type { CallHandlers } from '../http/calls';

export const profileHandlers = {
  'profile/get': ({ db, account }) => getProfile(db, account),
  'profile/updateEmail': ({ db, account, body }) => updateEmail(db, account, body),
  'profile/changePassword': ({ db, account, body, audit }) => changePassword(db, account, body, audit),
  'profile/sessions': ({ db, config, account, body }) => listOwnSessions(db, config.sessionIdleSeconds, account, body),
  'profile/revokeSession': ({ db, account, body }) => revokeOwnSession(db, account, body.id),
  'profile/summary': ({ db, account, body, config }) => homeSummary(db, account, body, config.businessTimeZone),
} satisfies Partial<CallHandlers>;
