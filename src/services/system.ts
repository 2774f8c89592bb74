/** The system administration calls (menus, roles, accounts, salespeople, levels, audit log) for the screens. */
import { callApiAnswer as callApi } from '@/services/request';
import type { AnswerOf, BodyOf, CallPath, Page } from '#contract/api';
import type { AccountCreateBody, AccountListItem } from '#contract/api/account';
import type { LevelItem } from '#contract/api/membershipLevel';
import type { RoleItem } from '#contract/api/role';
import type { SaleInfo } from '#contract/api/sale';
import { message } from '@/utils/feedback';

/** A change: toasts `done` on success (the request layer toasts a refusal); answers whether it succeeded. */
export async function change<P extends CallPath>(path: P, body: BodyOf<P>, done = '操作成功'): Promise<AnswerOf<P> | true | undefined> {
  const answer = await callApi(path, body);
  if (!answer.isSuccess) return undefined;
  message.success(done);
  return answer.content ?? true;
}

/** Reads a call of the contract; throws its message when refused. */
async function load<P extends CallPath>(path: P, body: BodyOf<P>): Promise<AnswerOf<P>> {
  const answer = await callApi(path, body);
  if (!answer.isSuccess) throw new Error(answer.msg);
  return answer.content;
}

export const menuTree = () => load('menu/tree', {});
export const roleOptions = () => load('role/options', {});
export const levelOptions = () => load('membershipLevel/options', {});
export const previewGrants = (menuIds: number[]) => load('role/preview', { menuIds });
export const salesOf = (accountIds: number[]) => load('sale/ofAccounts', { accountIds });

export const createAccount = async (body: AccountCreateBody) => {
  const answer = await callApi('account/create', body);
  return answer.isSuccess ? answer.content : undefined;
};
export const resetPassword = async (id: number) => {
  const answer = await callApi('account/resetPassword', { id });
  return answer.isSuccess ? answer.content : undefined;
};

export type { AccountListItem, LevelItem, Page, RoleItem, SaleInfo };
