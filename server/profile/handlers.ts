/** `profile/*`: the caller's own account and the home screen's figures (server/profile/profile.ts). */
import { changePassword, endOtherSessions, getProfile, homeSummary, listOwnSessions, revokeOwnSession, updateEmail } from './profile';
import type { CallHandlers } from '../context';
import { notMe } from '../securityEvent/notMe';

export const profileHandlers = {
  'profile/get': getProfile,
  'profile/updateEmail': updateEmail,
  'profile/changePassword': changePassword,
  'profile/sessions': listOwnSessions,
  'profile/revokeSession': revokeOwnSession,
  'profile/endOtherSessions': endOtherSessions,
  'profile/summary': homeSummary,
  'profile/notMe': notMe,
} satisfies Partial<CallHandlers>;
