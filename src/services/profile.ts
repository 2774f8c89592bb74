/** `/api/admin/profile/*`: the caller's own account and the home figures. */
import { legacyCallApi } from '@/services/request';
import type { ChangePasswordBody, HomeSummary, PasswordChanged, Profile, SummaryBody } from '#contract/profile';

export const getProfile = () => legacyCallApi<Profile>('profile/get', {});

export const updateEmail = (email: string, password: string) =>
  legacyCallApi<{ email: string }>('profile/updateEmail', { email, password });

export const changePassword = (body: ChangePasswordBody) => legacyCallApi<PasswordChanged>('profile/changePassword', body);

export const revokeSession = (id: number) => legacyCallApi<{ id: number; current: boolean }>('profile/revokeSession', { id });

export const getSummary = (body: SummaryBody) => legacyCallApi<HomeSummary>('profile/summary', body);
