/** The system administration calls (menus, roles, accounts, salespeople, levels, audit log) for the screens. */
import { message } from 'antd';
import { legacyCallApi } from '@/services/request';
import type { AccountListItem, Page, SaleInfo } from '#contract/api';
import type {
  AccountCreateBody,
  AccountCreated,
  AccountSaleSummary,
  LevelItem,
  MenuAdminNode,
  PasswordReset,
  RoleItem,
  RoleOption,
  RolePreview,
} from '#contract/system';

/** A change: toasts `done` on success (the request layer toasts a refusal); answers whether it succeeded. */
export async function change<T = unknown>(path: string, body: object, done = '操作成功'): Promise<T | undefined> {
  const answer = await legacyCallApi<T>(path, body);
  if (!answer.isSuccess) return undefined;
  message.success(done);
  return (answer.content ?? true) as T;
}

async function read<T>(path: string, body: object = {}): Promise<T> {
  const answer = await legacyCallApi<T>(path, body);
  if (!answer.isSuccess) throw new Error(answer.msg);
  return answer.content;
}

export const menuTree = () => read<MenuAdminNode[]>('menu/tree');
export const roleOptions = () => read<RoleOption[]>('role/options');
export const levelOptions = () => read<Array<{ id: number; name: string; onSale: boolean }>>('membershipLevel/options');
export const previewGrants = (menuIds: number[]) => read<RolePreview>('role/preview', { menuIds });
export const salesOf = (accountIds: number[]) => read<AccountSaleSummary[]>('sale/ofAccounts', { accountIds });

export const createAccount = async (body: AccountCreateBody) => {
  const answer = await legacyCallApi<AccountCreated>('account/create', body);
  return answer.isSuccess ? answer.content : undefined;
};
export const resetPassword = async (id: number) => {
  const answer = await legacyCallApi<PasswordReset>('account/resetPassword', { id });
  return answer.isSuccess ? answer.content : undefined;
};

export type { AccountListItem, LevelItem, Page, RoleItem, SaleInfo };
