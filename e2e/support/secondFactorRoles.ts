/**
 * The shared e2e product's roles without 需要两步验证: the specs of other features make salespeople and
 * operators of their own and sign them in with a password alone, as the demo accounts do. The second
 * factor's spec (e2e/secondFactor.spec.ts) enrols demo_admin itself, whose factor any account has
 * to give once it has one, whatever its roles say.
 */
import type { RoleItem } from '#contract/api/role';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '#contract/demoAccounts';
import { apiCall } from './apiCall';

/** The call's content; a refusal stops the setup, saying which call. */
async function call<T>(baseURL: string, path: string, body: unknown, token?: string): Promise<T> {
  const answer = await apiCall<T>(baseURL, path, body, token);
  if (!answer.isSuccess) throw new Error(`${path}: ${answer.msg}`);
  return answer.content;
}

export async function withoutSecondFactorRoles(baseURL: string): Promise<string[]> {
  const { token } = await call<{ token: string }>(baseURL, 'account/login', {
    username: DEMO_ACCOUNTS.superAdmin.username,
    password: DEMO_PASSWORD,
  });
  const { list } = await call<{ list: RoleItem[] }>(baseURL, 'role/list', { current: 1, pageSize: 100 }, token);
  const flagged = list.filter((role) => role.requiresSecondFactor);
  for (const { id, name, code, description, menuIds } of flagged) {
    await call(baseURL, 'role/update', { id, name, code, description, menuIds, requiresSecondFactor: false }, token);
  }
  await call(baseURL, 'account/logout', {}, token);
  return flagged.map((role) => role.code);
}
