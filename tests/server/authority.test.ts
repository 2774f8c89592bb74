/**
 * Nobody grants what they do not hold (product.md): the operator's escalations, roles holding
 * /admin, action permissions checked next to the screen grant, and menus that would grant by url.
 */
import { ACTION_KEYS, ACTIONS, CAPABILITY_URLS, actionScreen } from '#contract/capabilities';
import { DEMO_ACCOUNTS } from '#contract/demoAccounts';
import type { RoleOption } from '#contract/api/role';
import { SYSTEM_TEXT } from '#contract/system';
import type { AccountListItem } from '#contract/api/account';
import { describeEachDatabase, type SuiteContext } from './support/databases';
import { accountId, menuId, one, roleId, rows, sql } from './support/sql';
import { ORDER_MESSAGES } from '../../server/order/messages';
import { ACCOUNT_MESSAGES } from '../../server/account/messages';

const OPERATOR = DEMO_ACCOUNTS.operator.username;
const ADMIN = DEMO_ACCOUNTS.superAdmin.username;
const MEMBER = DEMO_ACCOUNTS.member.username;

/** A role granting `urls` (with their ancestors) and an account holding only it; answers its token. */
async function accountWithGrants(ctx: SuiteContext, admin: string, code: string, urls: readonly string[]) {
  const menuIds = await Promise.all(urls.map((url) => menuId(ctx.db, url)));
  const role = await ctx.call('role/create', { name: code, code, description: '', menuIds }, { token: admin });
  expect(role.code).toBe('00000');
  const created = await ctx.call(
    'account/create',
    { username: code, email: `${code}@example.com`, roleIds: [role.content.id], password: 'Xq7#vLr2pW9k' },
    { token: admin },
  );
  expect(created.code).toBe('00000');
  return { roleId: role.content.id as number, id: created.content.id as number, token: await ctx.login(code, 'Xq7#vLr2pW9k') };
}

const rolesOf = async (ctx: SuiteContext, id: number) =>
  (
    await rows<{ code: string }>(
      ctx.db,
      sql`select r.code from account_roles ar join roles r on r.id = ar.role_id where ar.account_id = ${id} order by r.code`,
    )
  ).map((row) => row.code);

describeEachDatabase('authority: nobody grants what they do not hold', (ctx) => {
  let admin: string;
  let operator: string;
  let operatorId: number;
  let adminId: number;
  let memberId: number;
  let superRole: number;
  let memberRole: number;

  beforeAll(async () => {
    admin = await ctx.login(ADMIN);
    operator = await ctx.login(OPERATOR);
    operatorId = await accountId(ctx.db, OPERATOR);
    adminId = await accountId(ctx.db, ADMIN);
    memberId = await accountId(ctx.db, MEMBER);
    superRole = await roleId(ctx.db, 'super_admin');
    memberRole = await roleId(ctx.db, 'member');
  });

  it("refuses the operator's four escalations and changes nothing", async () => {
    const before = await one(ctx.db, sql`select password_hash as hash, status from accounts where id = ${adminId}`);

    const selfPromotion = await ctx.call('account/setRoles', { id: operatorId, roleIds: [superRole] }, { token: operator });
    expect(selfPromotion).toMatchObject({ code: 'A0301', msg: ACCOUNT_MESSAGES.ownRoles });
    const memberPromotion = await ctx.call('account/setRoles', { id: memberId, roleIds: [superRole] }, { token: operator });
    expect(memberPromotion).toMatchObject({ code: 'A0301', msg: SYSTEM_TEXT.grantBeyondOwn });
    const reset = await ctx.call('account/resetPassword', { id: adminId }, { token: operator });
    expect(reset).toMatchObject({ code: 'A0301', msg: SYSTEM_TEXT.accountBeyondOwn, content: null });
    const created = await ctx.call(
      'account/create',
      { username: 'sneaky_root', email: 'sneaky@example.com', roleIds: [superRole] },
      { token: operator },
    );
    expect(created).toMatchObject({ code: 'A0301', msg: SYSTEM_TEXT.grantBeyondOwn });
    const disable = await ctx.call('account/setStatus', { id: adminId, status: 'disabled' }, { token: operator });
    expect(disable).toMatchObject({ code: 'A0301', msg: SYSTEM_TEXT.accountBeyondOwn });

    expect(await rolesOf(ctx, operatorId)).toEqual(['operator']);
    expect(await rolesOf(ctx, memberId)).toEqual(['member']);
    expect(await one(ctx.db, sql`select password_hash as hash, status from accounts where id = ${adminId}`)).toEqual(before);
    expect(await rows(ctx.db, sql`select 1 from accounts where username = 'sneaky_root'`)).toHaveLength(0);
    // The super administrator's sessions live on.
    expect((await ctx.call('account/getOne', undefined, { token: admin })).code).toBe('00000');
  });

  it('lets the operator act on accounts whose grants it holds', async () => {
    const reset = await ctx.call('account/resetPassword', { id: memberId }, { token: operator });
    expect(reset.code).toBe('00000');
    const created = await ctx.call(
      'account/create',
      { username: 'op_made', email: 'op_made@example.com', roleIds: [memberRole] },
      { token: operator },
    );
    expect(created.code).toBe('00000');
    expect((await ctx.call('account/setStatus', { id: created.content.id, status: 'disabled' }, { token: operator })).code).toBe('00000');
    expect((await ctx.call('account/setStatus', { id: created.content.id, status: 'enabled' }, { token: operator })).code).toBe('00000');
    // The salesperson role grants screens the operator does not hold.
    const sale = await ctx.call('sale/setSale', { accountId: created.content.id, enabled: true, commissionRate: 500 }, { token: operator });
    expect(sale).toMatchObject({ code: 'A0301', msg: SYSTEM_TEXT.grantBeyondOwn });
    expect(await rows(ctx.db, sql`select 1 from salespeople where account_id = ${created.content.id}`)).toHaveLength(0);
  });

  it('exports the filtered accounts as CSV with the export action', async () => {
    const exportCsv = (body: Record<string, unknown>) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/admin/account/export',
        headers: { authorization: `Bearer ${operator}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ ...body, format: 'csv' }),
      });
    const exported = await exportCsv({ username: 'demo_', status: 'enabled' });
    expect(exported.statusCode).toBe(200);
    const lines = exported.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('ID,用户名,邮箱,状态,角色,会员,会员到期,注册时间');
    const names = lines.slice(1).map((line) => line.split(',')[1]);
    // The super administrator and the salesperson hold screens the operator does not: left out.
    expect(names.sort()).toEqual([MEMBER, OPERATOR, DEMO_ACCOUNTS.expired.username].sort());
    const adminExport = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/account/export',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'demo_', status: 'enabled', format: 'csv' }),
    });
    expect(adminExport.body).toContain(`,${ADMIN},`);
    expect(adminExport.body).toContain(`,${DEMO_ACCOUNTS.salesperson.username},`);
    expect(lines.find((line) => line.split(',')[1] === MEMBER)).toMatch(/,启用,会员,专业版,\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{4}-/);
    expect((await exportCsv({ status: 'gone' })).json().code).toBe('A0400');
  });

  it('tells the screens what the caller may do: manageable rows and grantable roles', async () => {
    const list = await ctx.call<{ list: AccountListItem[] }>('account/list', { pageSize: 100 }, { token: operator });
    const byName = new Map(list.content.list.map((item) => [item.username, item]));
    expect(byName.has(ADMIN)).toBe(false);
    expect(byName.get(OPERATOR)!.manageable).toBe(false);
    expect(byName.get(MEMBER)!.manageable).toBe(true);
    const options = await ctx.call<RoleOption[]>('role/options', {}, { token: operator });
    const grantable = Object.fromEntries(options.content.map((role) => [role.code, role.grantable]));
    expect(grantable).toEqual({ super_admin: false, operator: true, script_reviewer: false, salesperson: false, member: true });
    const adminOptions = await ctx.call<RoleOption[]>('role/options', {}, { token: admin });
    expect(adminOptions.content.every((role) => role.grantable)).toBe(true);
  });

  it("keeps money and lists within the caller's grants: nobody credits, confirms or refunds for itself", async () => {
    const levels = await ctx.call<Array<{ id: number }>>('order/levels', undefined, { token: admin });
    const levelId = levels.content[0].id;
    const ordersOf = async (id: number) => (await rows(ctx.db, sql`select 1 from orders where account_id = ${id}`)).length;
    const before = { operator: await ordersOf(operatorId), admin: await ordersOf(adminId) };

    const ownRecharge = await ctx.call('order/recharge', { accountId: operatorId, levelId }, { token: operator });
    expect(ownRecharge).toMatchObject({ code: 'A0301', msg: ORDER_MESSAGES.ownRecharge });
    const adminRecharge = await ctx.call('order/recharge', { accountId: adminId, levelId }, { token: operator });
    expect(adminRecharge).toMatchObject({ code: 'A0301', msg: SYSTEM_TEXT.accountBeyondOwn });
    expect({ operator: await ordersOf(operatorId), admin: await ordersOf(adminId) }).toEqual(before);
    expect((await ctx.call('order/recharge', { accountId: memberId, levelId }, { token: operator })).code).toBe('00000');

    // The recharge screen's search offers neither the caller nor accounts beyond it.
    const found = await ctx.call<Array<{ username: string }>>('order/searchAccounts', { keyword: 'demo' }, { token: operator });
    const offered = found.content.map((item) => item.username);
    expect(offered).toContain(MEMBER);
    expect(offered).not.toContain(OPERATOR);
    expect(offered).not.toContain(ADMIN);
    expect(offered).not.toContain(DEMO_ACCOUNTS.salesperson.username);

    // A super administrator neither confirms nor refunds its own order; another one may.
    const pending = await ctx.call<{ orderNo: string }>('order/create', { levelId }, { token: admin });
    expect(pending.code).toBe('00000');
    const ownConfirm = await ctx.call('order/confirm', { orderNo: pending.content.orderNo }, { token: admin });
    expect(ownConfirm).toMatchObject({ code: 'A0301', msg: ORDER_MESSAGES.ownConfirm });
    expect(await one(ctx.db, sql`select status from orders where order_no = ${pending.content.orderNo}`)).toEqual({ status: 'pending' });
    const second = await accountWithGrants(ctx, admin, 'second_root', []);
    expect((await ctx.call('account/setRoles', { id: second.id, roleIds: [superRole] }, { token: admin })).code).toBe('00000');
    const secondToken = await ctx.login('second_root', 'Xq7#vLr2pW9k');
    expect((await ctx.call('order/confirm', { orderNo: pending.content.orderNo }, { token: secondToken })).code).toBe('00000');
    const ownRefund = await ctx.call('order/refund', { orderNo: pending.content.orderNo }, { token: admin });
    expect(ownRefund).toMatchObject({ code: 'A0301', msg: ORDER_MESSAGES.ownRefund });
    expect(await one(ctx.db, sql`select status from orders where order_no = ${pending.content.orderNo}`)).toEqual({ status: 'paid' });
    expect((await ctx.call('order/refund', { orderNo: pending.content.orderNo }, { token: secondToken })).code).toBe('00000');
  });

  it('a role holding /admin can not be granted, created or edited by an account without /admin', async () => {
    // It holds a member's screens too, so that it may act on members.
    const memberScreens = (
      await rows<{ url: string }>(
        ctx.db,
        sql`select m.url from role_menus rm join menus m on m.id = rm.menu_id where rm.role_id = ${memberRole}`,
      )
    ).map((row) => row.url);
    const roleAdmin = await accountWithGrants(ctx, admin, 'role_keeper', [
      ...memberScreens,
      CAPABILITY_URLS.canSeeRolesManager,
      CAPABILITY_URLS.canSeeUsersManager,
      ACTIONS.canSetRoles.url,
      ACTIONS.canCreateAccount.url,
    ]);
    const adminMenu = await menuId(ctx.db, CAPABILITY_URLS.canSeeAdmin);
    const withAdmin = await ctx.call(
      'role/create',
      { name: '管理', code: 'with_admin', description: '', menuIds: [adminMenu] },
      { token: roleAdmin.token },
    );
    expect(withAdmin).toMatchObject({ code: 'A0301', msg: SYSTEM_TEXT.grantBeyondOwn });
    const ownRole = await one(ctx.db, sql`select name, code, description from roles where id = ${roleAdmin.roleId}`);
    const held = (await rows<{ id: number }>(ctx.db, sql`select menu_id as id from role_menus where role_id = ${roleAdmin.roleId}`)).map(
      (row) => row.id,
    );
    const widened = await ctx.call(
      'role/update',
      { id: roleAdmin.roleId, ...ownRole, menuIds: [...held, adminMenu] },
      { token: roleAdmin.token },
    );
    expect(widened).toMatchObject({ code: 'A0301', msg: SYSTEM_TEXT.grantBeyondOwn });
    const superAdmin = await one(ctx.db, sql`select name, code, description from roles where id = ${superRole}`);
    const narrowed = await ctx.call('role/update', { id: superRole, ...superAdmin, menuIds: held }, { token: roleAdmin.token });
    expect(narrowed).toMatchObject({ code: 'A0301', msg: SYSTEM_TEXT.grantBeyondOwn });
    expect((await ctx.call('role/delete', { id: superRole }, { token: roleAdmin.token })).code).toBe('A0301');
    // The super administrator makes such a role; the keeper can not give it, even to a member.
    const made = await ctx.call('role/create', { name: '审计', code: 'auditor', description: '', menuIds: [adminMenu] }, { token: admin });
    expect(made.code).toBe('00000');
    const given = await ctx.call('account/setRoles', { id: memberId, roleIds: [memberRole, made.content.id] }, { token: roleAdmin.token });
    expect(given).toMatchObject({ code: 'A0301', msg: SYSTEM_TEXT.grantBeyondOwn });
    expect(await rolesOf(ctx, memberId)).toEqual(['member']);
    // Within its own grants it works: a role of a subset, given to a member.
    const subset = await ctx.call(
      'role/create',
      { name: '用户查看', code: 'user_viewer', description: '', menuIds: [await menuId(ctx.db, CAPABILITY_URLS.canSeeUsersManager)] },
      { token: roleAdmin.token },
    );
    expect(subset.code).toBe('00000');
    expect(
      (await ctx.call('account/setRoles', { id: memberId, roleIds: [memberRole, subset.content.id] }, { token: roleAdmin.token })).code,
    ).toBe('00000');
    expect((await ctx.call('account/setRoles', { id: memberId, roleIds: [memberRole] }, { token: admin })).code).toBe('00000');
  });

  it('checks each sensitive operation as its own grant, next to the screen', async () => {
    const noReset = await accountWithGrants(ctx, admin, 'no_reset', [CAPABILITY_URLS.canSeeUsersManager, ACTIONS.canSetAccountStatus.url]);
    expect((await ctx.call('account/list', {}, { token: noReset.token })).code).toBe('00000');
    expect((await ctx.call('account/resetPassword', { id: memberId }, { token: noReset.token })).code).toBe('A0301');
    expect((await ctx.call('account/setRoles', { id: memberId, roleIds: [memberRole] }, { token: noReset.token })).code).toBe('A0301');
    expect(
      (await ctx.call('account/create', { username: 'x_user', email: 'x@example.com', roleIds: [] }, { token: noReset.token })).code,
    ).toBe('A0301');
    expect((await ctx.call('account/export', { format: 'csv' }, { token: noReset.token })).code).toBe('A0301');
    const target = await ctx.call('account/create', { username: 'status_target', email: 'st@example.com', roleIds: [] }, { token: admin });
    expect((await ctx.call('account/setStatus', { id: target.content.id, status: 'disabled' }, { token: noReset.token })).code).toBe(
      '00000',
    );

    const orders = await accountWithGrants(ctx, admin, 'order_viewer', [CAPABILITY_URLS.canSeeOrderList, CAPABILITY_URLS.canSeeAdmin]);
    expect((await ctx.call('order/confirm', { orderNo: 'X1' }, { token: orders.token })).code).toBe('A0301');
    expect((await ctx.call('order/refund', { orderNo: 'X1' }, { token: orders.token })).code).toBe('A0301');
    const approver = await accountWithGrants(ctx, admin, 'w_viewer', [CAPABILITY_URLS.canSeeWithdrawalApprova]);
    expect((await ctx.call('withdrawal/list', {}, { token: approver.token })).code).toBe('00000');
    expect((await ctx.call('withdrawal/approve', { id: 1 }, { token: approver.token })).code).toBe('A0301');
    expect((await ctx.call('withdrawal/reject', { id: 1, reason: '不行' }, { token: approver.token })).code).toBe('A0301');
    const shops = await accountWithGrants(ctx, admin, 'shop_viewer', [CAPABILITY_URLS.canSeeUserShopManager]);
    expect((await ctx.call('shop/listAll', {}, { token: shops.token })).code).toBe('00000');
    expect((await ctx.call('shop/forceUnbind', { id: 1 }, { token: shops.token })).code).toBe('A0301');
  });

  it('seeds every action under its screen, hidden, and gives the operator those of its screens', async () => {
    const menus = await rows<{ url: string; kind: string; visible: boolean; parent: string }>(
      ctx.db,
      sql`select m.url, m.kind, m.visible, p.url as parent from menus m join menus p on p.id = m.parent_id where m.kind = 'action'`,
    );
    const byUrl = new Map(menus.map((menu) => [menu.url, menu]));
    for (const key of ACTION_KEYS) {
      const { url } = ACTIONS[key];
      expect(byUrl.get(url)).toEqual({ url, kind: 'action', visible: false, parent: actionScreen(key) });
      // Its screen is one of the capabilities' screens.
      expect(Object.values(CAPABILITY_URLS)).toContain(actionScreen(key));
    }
    const operatorGrants = (
      await rows<{ url: string }>(
        ctx.db,
        sql`select m.url from role_menus rm join roles r on r.id = rm.role_id join menus m on m.id = rm.menu_id where r.code = 'operator'`,
      )
    ).map((row) => row.url);
    expect(operatorGrants).toEqual(
      expect.arrayContaining([
        ACTIONS.canResetPassword.url,
        ACTIONS.canSetRoles.url,
        ACTIONS.canSetAccountStatus.url,
        ACTIONS.canCreateAccount.url,
        ACTIONS.canApproveWithdrawal.url,
        ACTIONS.canRejectWithdrawal.url,
        ACTIONS.canForceUnbindShop.url,
        ACTIONS.canExportAccounts.url,
      ]),
    );
    expect(operatorGrants).not.toContain(ACTIONS.canConfirmOrder.url);
  });

  it('menus are edited only by their holders, and a granting url only by a super administrator', async () => {
    const keeper = await accountWithGrants(ctx, admin, 'menu_keeper', [CAPABILITY_URLS.canSeeMenusManager, CAPABILITY_URLS.canSeeHome]);
    const adminMenu = await one(
      ctx.db,
      sql`select id, parent_id as "parentId", title, url, icon, kind, visible, sort from menus where url = '/admin'`,
    );
    const renamed = await ctx.call('menu/update', { ...adminMenu, url: '/admin_gone' }, { token: keeper.token });
    expect(renamed).toMatchObject({ code: 'A0301', msg: SYSTEM_TEXT.menuNotHeld });
    expect((await ctx.call('menu/delete', { id: adminMenu.id, removeGrants: true }, { token: keeper.token })).code).toBe('A0301');
    // A free capability url (its menu deleted by a super administrator) can not be taken by renaming a held menu.
    const table = await one(ctx.db, sql`select id from menus where url = ${CAPABILITY_URLS.canSeeTable}`);
    expect((await ctx.call('menu/delete', { id: table.id, removeGrants: true }, { token: admin })).code).toBe('00000');
    const home = await one(
      ctx.db,
      sql`select id, parent_id as "parentId", title, url, icon, kind, visible, sort from menus where url = '/client/home'`,
    );
    const taken = await ctx.call('menu/update', { ...home, url: CAPABILITY_URLS.canSeeTable }, { token: keeper.token });
    expect(taken).toMatchObject({ code: 'A0301', msg: SYSTEM_TEXT.menuUrlReserved });
    const createdWithUrl = await ctx.call(
      'menu/create',
      { parentId: null, title: '表格', url: CAPABILITY_URLS.canSeeTable, icon: null, kind: 'action', visible: false, sort: 0 },
      { token: keeper.token },
    );
    expect(createdWithUrl).toMatchObject({ code: 'A0301', msg: SYSTEM_TEXT.menuUrlReserved });
    expect((await ctx.call('menu/update', { ...home, title: '我的首页' }, { token: keeper.token })).code).toBe('00000');
    const restored = await ctx.call(
      'menu/create',
      { parentId: null, title: '表格', url: CAPABILITY_URLS.canSeeTable, icon: null, kind: 'action', visible: false, sort: 0 },
      { token: admin },
    );
    expect(restored.code).toBe('00000');
  });
});
