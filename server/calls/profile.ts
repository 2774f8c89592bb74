/** `profile/*`: the caller's own account and the home screen's figures (server/accounts/profile.ts). */
import { changePassword, getProfile, homeSummary, listOwnSessions, revokeOwnSession, updateEmail } from '../accounts/profile';
import type { CallHandlers } from '../http/calls';

export const profileHandlers = {
  'profile/get': getProfile,
  'profile/updateEmail': updateEmail,
  'profile/changePassword': changePassword,
  'profile/sessions': listOwnSessions,
  'profile/revokeSession': revokeOwnSession,
  'profile/summary': homeSummary,
} satisfies Partial<CallHandlers>;
