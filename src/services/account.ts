/** `/api/admin/account/*` */
import { callApi } from '@/services/request';
import type {
  AccountInfo,
  LoginBody,
  LoginResult,
  MenuNode,
  RegisterBody,
  RegisterResult,
  SetRolesBody,
} from '#contract/api';

export const login = (body: LoginBody) => callApi<LoginResult>('account/login', body);

export const register = (body: RegisterBody) => callApi<RegisterResult>('account/register', body);

export const logout = () => callApi<null>('account/logout', {}, { errorToast: false });

export const getMenus = () => callApi<MenuNode[]>('account/getMenus', {}, { successToast: false, errorToast: true });

export const getOne = () => callApi<AccountInfo>('account/getOne', undefined, { successToast: false });

export const setRoles = (body: SetRolesBody) =>
  callApi<null>('account/setRoles', body, { successToast: true, errorToast: true });

