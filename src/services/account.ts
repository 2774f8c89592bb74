/** `/api/admin/account/*` */
import { callApiAnswer as callApi } from '@/services/request';
import type { LoginBody, RegisterBody, SetRolesBody } from '#contract/api/account';

export const login = (body: LoginBody) => callApi('account/login', body);

export const register = (body: RegisterBody) => callApi('account/register', body);

/** Whose invite code it is (the register tab's 「某某」邀请你注册); the caller words a refusal itself. */
export const inviterOf = (inviteCode: string) => callApi('account/inviter', { inviteCode }, { errorToast: false });

/** `token`: a login not stored yet (src/components/OneTimePasswordForm.tsx), else the stored session. */
export const logout = (token?: string) => callApi('account/logout', {}, { errorToast: false, token });

export const getMenus = () => callApi('account/getMenus', {}, { successToast: false, errorToast: true });

export const getOne = () => callApi('account/getOne', {}, { successToast: false });

export const setRoles = (body: SetRolesBody) => callApi('account/setRoles', body, { successToast: true, errorToast: true });
