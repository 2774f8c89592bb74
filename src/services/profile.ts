/** `/api/admin/profile/*`: the caller's own account and the home figures. */
import { callApiAnswer as callApi } from '@/services/request';
import type { ChangePasswordBody, SummaryBody } from '#contract/api/profile';

export const getProfile = () => callApi('profile/get', {});

export const updateEmail = (email: string, password: string) => callApi('profile/updateEmail', { email, password });

/** `token`: a login not stored yet, whose generated password this replaces (src/components/OneTimePasswordForm.tsx). */
export const changePassword = (body: ChangePasswordBody, token?: string) => callApi('profile/changePassword', body, { token });

export const revokeSession = (id: number) => callApi('profile/revokeSession', { id });

export const getSummary = (body: SummaryBody) => callApi('profile/summary', body);
