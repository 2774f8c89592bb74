/** `profile/*`: the caller's own account and the home screen's figures (server/accounts/profile.ts). */
import { changePassword, getProfile, homeSummary, listOwnSessions, revokeOwnSession, updateEmail } from '../accounts/profile';
import { defineCall } from '../http/calls';

export const profileCalls = [
  defineCall('profile/get', ({ db, account }) => getProfile(db, account)),
  defineCall('profile/updateEmail', ({ db, account, body }) => updateEmail(db, account, body)),
  defineCall('profile/changePassword', ({ db, account, body, audit }) => changePassword(db, account, body, audit)),
  defineCall('profile/sessions', ({ db, config, account, body }) => listOwnSessions(db, config.sessionIdleSeconds, account, body)),
  defineCall('profile/revokeSession', ({ db, account, body }) => revokeOwnSession(db, account, body.id)),
  defineCall('profile/summary', ({ db, account, body, config }) => homeSummary(db, account, body, config.businessTimeZone)),
];
