/** The system administration calls (menus, roles, accounts, salespeople, levels, audit log) for the screens. */
import { message } from 'antd';
import { callApi, legacyCallApi } from '@/services/request';
import type { AnswerOf, BodyOf, CallPath, Page } from '#contract/api';
import type { AccountCreateBody, AccountListItem } from '#contract/api/account';
import type { SaleInfo } from '#contract/api/sale';
import type { LevelItem, MenuAdminNode, RoleItem, RoleOption, RolePreview } from '#contract/system';

/** The body of `change(path)`: the contract's for a call in it, any object for one not yet moved. */
type ChangeBody<P extends string> = P extends CallPath ? BodyOf<P> : object;
type ChangeAnswer<P extends string> = P extends CallPath ? AnswerOf<P> : unknown;

/** A change: toasts `done` on success (the request layer toasts a refusal); answers whether it succeeded. */
export async function change<P extends string>(path: P, body: ChangeBody<P>, done = '操作成功'): Promise<ChangeAnswer<P> | true | undefined> {
  const answer = await legacyCallApi<ChangeAnswer<P>>(path, body as object);
  if (!answer.isSuccess) return undefined;
  message.success(done);
  return answer.content ?? true;
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
export const salesOf = async (accountIds: number[]) => {
  const answer = await callApi('sale/ofAccounts', { accountIds });
  if (!answer.isSuccess) throw new Error(answer.msg);
  return answer.content;
};

export const createAccount = async (body: AccountCreateBody) => {
  const answer = await callApi('account/create', body);
  return answer.isSuccess ? answer.content : undefined;
};
export const resetPassword = async (id: number) => {
  const answer = await callApi('account/resetPassword', { id });
  return answer.isSuccess ? answer.content : undefined;
};

export type { AccountListItem, LevelItem, Page, RoleItem, SaleInfo };
