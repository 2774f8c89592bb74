/**
 * The shared e2e product's roles without 需要两步验证: the specs of other features make salespeople and
 * operators of their own and sign them in with a password alone, as the demo accounts do. The second
 * factor has its own spec on its own product, with the seed's flags (e2e/secondFactor.spec.ts).
 */
import type { RoleItem } from '#contract/api/role';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '#contract/demoAccounts';

async function call<T>(baseURL: string, path: string, body: unknown, token?: string): Promise<T> {
  const answer = await fetch(`${baseURL}/api/admin/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await answer.json()) as { isSuccess: boolean; msg: string; content: T };
  if (!json.isSuccess) throw new Error(`${path}: ${json.msg}`);
  return json.content;
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
