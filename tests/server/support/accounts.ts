/** Accounts a server test makes through the API, as a visitor would. */
import { CODES } from '#contract/codes';
import type { SuiteContext } from './databases';

export interface RegisteredAccount {
  id: number;
  username: string;
  token: string;
}

/**
 * Registers `<prefix>_<database>_<n>` (referred by `inviteCode` when given) and logs it in.
 * `serial` keeps the names unique within a suite.
 */
export async function registerAccount(
  ctx: SuiteContext,
  prefix: string,
  serial: number,
  password: string,
  inviteCode?: string,
): Promise<RegisteredAccount> {
  const username = `${prefix}_${ctx.kind.slice(0, 2)}_${serial}`;
  const registered = await ctx.call('account/register', {
    username,
    email: `${username}@example.com`,
    password,
    ...(inviteCode ? { inviteCode } : {}),
  });
  expect(registered.code).toBe(CODES.OK);
  return { id: registered.content.id as number, username, token: await ctx.login(username, password) };
}

/** A password that passes the strength check. */
export const STRONG_PASSWORD = 'Sturdy#Key-2468';

let serial = 0;
/** `<prefix>_<pid>_<n>`: unique across the test files of a run (they share the PostgreSQL server). */
export const uniqueName = (prefix: string) => `${prefix}_${process.pid}_${(serial += 1)}`;

/** Registers a new account named after `prefix` (not logged in). */
export async function registered(ctx: SuiteContext, prefix: string, password = STRONG_PASSWORD) {
  const username = uniqueName(prefix);
  const answer = await ctx.call('account/register', { username, email: `${username}@example.com`, password });
  expect(answer.code).toBe(CODES.OK);
  return { username, password, id: answer.content.id as number };
}
