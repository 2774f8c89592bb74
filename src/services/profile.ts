/** `/api/admin/profile/*`: the caller's own account and the home figures. */
import { callApi } from '@/services/request';
import type { ChangePasswordBody, SummaryBody } from '#contract/api/profile';

export const getProfile = () => callApi('profile/get', {});

export const updateEmail = (email: string, password: string) => callApi('profile/updateEmail', { email, password });

export const changePassword = (body: ChangePasswordBody) => callApi('profile/changePassword', body);

export const revokeSession = (id: number) => callApi('profile/revokeSession', { id });

export const getSummary = (body: SummaryBody) => callApi('profile/summary', body);
