/** `/api/admin/profile/*`: the caller's own account and the home figures. */
import { callApi } from '@/services/request';
import type { ChangePasswordBody, HomeSummary, PasswordChanged, Profile, SummaryBody } from '#contract/profile';

export const getProfile = () => callApi<Profile>('profile/get', {});

export const updateEmail = (email: string, password: string) =>
  callApi<{ email: string }>('profile/updateEmail', { email, password });

export const changePassword = (body: ChangePasswordBody) => callApi<PasswordChanged>('profile/changePassword', body);

export const revokeSession = (id: number) => callApi<{ id: number; current: boolean }>('profile/revokeSession', { id });

export const getSummary = (body: SummaryBody) => callApi<HomeSummary>('profile/summary', body);
