/** The system administration calls (menus, roles, accounts, salespeople, levels, audit log) for the screens. */
import { message } from 'antd';
import { callApi, legacyCallApi } from '@/services/request';
import type { AccountListItem, AnswerOf, BodyOf, CallPath, Page, SaleInfo } from '#contract/api';
import type { LevelItem } from '#contract/api/membershipLevel';
import type { RoleItem } from '#contract/api/role';
import type { AccountCreateBody, AccountCreated, AccountSaleSummary, PasswordReset } from '#contract/system';

/** A change: toasts `done` on success (the request layer toasts a refusal); answers whether it succeeded. */
export async function change<P extends CallPath>(path: P, body: BodyOf<P>, done?: string): Promise<AnswerOf<P> | true | undefined>;
/** A change by a call not yet in the contract (contract/api). */
export async function change<T = unknown>(path: string, body: object, done?: string): Promise<T | undefined>;
export async function change(path: string, body: object, done = '操作成功'): Promise<unknown> {
  // The overloads type the body and the answer (the legacy one goes when every domain is in the contract).
  const answer = await callApi(path as CallPath, body as never);
  if (!answer.isSuccess) return undefined;
  message.success(done);
  return answer.content ?? true;
}

async function read<T>(path: string, body: object = {}): Promise<T> {
  const answer = await legacyCallApi<T>(path, body);
  if (!answer.isSuccess) throw new Error(answer.msg);
  return answer.content;
}

/** Reads a call of the contract; throws its message when refused. */
async function load<P extends CallPath>(path: P, body: BodyOf<P>): Promise<AnswerOf<P>> {
  const answer = await callApi(path, body as never);
  if (!answer.isSuccess) throw new Error(answer.msg);
  return answer.content;
}

export const menuTree = () => load('menu/tree', {});
export const roleOptions = () => load('role/options', {});
export const levelOptions = () => load('membershipLevel/options', {});
export const previewGrants = (menuIds: number[]) => load('role/preview', { menuIds });
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
