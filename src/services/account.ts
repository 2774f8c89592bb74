/** `/api/admin/account/*` */
import { legacyCallApi } from '@/services/request';
import type {
  AccountInfo,
  LoginBody,
  LoginResult,
  MenuNode,
  RegisterBody,
  RegisterResult,
  SetRolesBody,
} from '#contract/api';

export const login = (body: LoginBody) => legacyCallApi<LoginResult>('account/login', body);

export const register = (body: RegisterBody) => legacyCallApi<RegisterResult>('account/register', body);

export const logout = () => legacyCallApi<null>('account/logout', {}, { errorToast: false });

export const getMenus = () => legacyCallApi<MenuNode[]>('account/getMenus', {}, { successToast: false, errorToast: true });

export const getOne = () => legacyCallApi<AccountInfo>('account/getOne', undefined, { successToast: false });

export const setRoles = (body: SetRolesBody) =>
  legacyCallApi<null>('account/setRoles', body, { successToast: true, errorToast: true });

