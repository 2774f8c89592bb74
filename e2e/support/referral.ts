/**
 * The money specs' set-up through the API: a call as an account, and a fresh salesperson with a
 * member it referred (new accounts each run, so the demo accounts' money stays as seeded); a page
 * signed in as one of them, and 销售收支记录's figures.
 */
import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '#contract/demoAccounts';
import { signIn } from './console';

/** Calls the API as `token`; answers the content of a success (fails the test on a refusal). */
export async function call(request: APIRequestContext, path: string, body: object, token?: string) {
  const answer = await request.post(`/api/admin/${path}`, { data: body, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const json = await answer.json();
  expect(json.isSuccess, `${path}: ${json.msg}`).toBe(true);
  return json.content;
}

/** demo_admin's token. */
export const adminToken = async (request: APIRequestContext) =>
  (await call(request, 'account/login', { username: DEMO_ACCOUNTS.superAdmin.username, password: DEMO_PASSWORD })).token as string;

/**
 * A new salesperson at `commissionRate` (basis points) and a new member registered with its invite
 * code, both with `password`; `memberEmail` gives the member's address from the salesperson's name.
 */
export async function freshReferral(
  request: APIRequestContext,
  admin: string,
  {
    prefix,
    password,
    commissionRate,
    memberEmail,
  }: { prefix: string; password: string; commissionRate: number; memberEmail?: (saleName: string) => string },
) {
  const suffix = randomBytes(3).toString('hex');
  const saleName = `${prefix}_sale_${suffix}`;
  const sale = await call(request, 'account/register', { username: saleName, email: `${saleName}@example.com`, password });
  const { inviteCode } = await call(request, 'sale/setSale', { accountId: sale.id, enabled: true, commissionRate }, admin);
  const memberName = `${prefix}_member_${suffix}`;
  const member = await call(request, 'account/register', {
    username: memberName,
    email: memberEmail?.(saleName) ?? `${memberName}@example.com`,
    password,
    inviteCode,
  });
  return { sale: { id: sale.id as number, username: saleName }, member: { id: member.id as number, username: memberName } };
}

/** A page of its own (a new browser context) signed in as `username` and opened at `at`. */
export async function pageAs(browser: Browser, username: string, at: string, password?: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, username, { at, password });
  return page;
}

/** The value of one of 销售收支记录's figures (`ledger-balance`, `ledger-pending`, `ledger-owed`). */
export const ledgerFigure = (page: Page, id: string) => page.getByTestId(id).locator('.ant-statistic-content');
