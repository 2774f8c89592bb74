import type { MenuNode } from '#contract/capabilities';
import { CAPABILITY_URLS, capabilitiesFromUrls } from '#contract/capabilities';
import { DEMO_ACCOUNTS } from '#contract/demoAccounts';
import { describeEachDatabase } from './support/databases';
import { accountId, menuId, one, rbacVersion, roleId, rows, sql } from './support/sql';

const urlsOf = (nodes: MenuNode[]): string[] => nodes.flatMap((node) => [node.url, ...urlsOf(node.children ?? [])]);

describeEachDatabase('account/getMenus and grants', (ctx) => {
  it('answers the member its granted tree only', async () => {
    const token = await ctx.login(DEMO_ACCOUNTS.member.username);
    const answer = await ctx.call('account/getMenus', undefined, { token });
    expect(answer.code).toBe('00000');
    expect(answer.content[0]).toEqual({
      id: expect.any(Number),
      title: '首页',
      url: '/client/home',
      icon: 'HomeOutlined',
      kind: 'page',
      visible: true,
      children: [],
    });
    expect(urlsOf(answer.content)).toEqual([
      '/client/home',
      '/client/shopManager',
      '/client/pluginRuns',
      '/client/pluginRuns/export',
      '/client/orderList',
      '/client/memberCenter',
      '/client/user',
    ]);
    expect(answer.content.find((node: MenuNode) => node.url === '/client/user').visible).toBe(false);
  });

  it('answers the super administrator every menu, nested, with the hidden action menus', async () => {
    const token = await ctx.login(DEMO_ACCOUNTS.superAdmin.username);
    const tree: MenuNode[] = (await ctx.call('account/getMenus', undefined, { token })).content;
    const system = tree.find((node) => node.url === '/client/system')!;
    expect(system.kind).toBe('directory');
    expect(system.children!.map((node) => node.url)).toEqual([
      '/client/system/menusManager',
      '/client/system/rolesManager',
      '/client/system/usersManager',
      '/client/system/saleManager',
      '/client/system/membershipManager',
      '/client/system/mediaManager',
      '/client/system/userShopManager',
      '/client/system/onlineUsers',
      '/client/system/loginLog',
      '/client/system/securityEvents',
      '/client/system/pluginRuns',
      '/client/system/parameters',
      '/client/system/reconciliation',
      '/client/system/payouts',
      '/client/system/referralReviews',
      '/client/system/jsonEditer',
      '/client/system/appManager',
    ]);
    const users = system.children!.find((node) => node.url === '/client/system/usersManager')!;
    expect(users.children).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ url: '/client/system/usersManager/resetPassword', title: '重置密码', kind: 'action', visible: false }),
      ]),
    );
    const jsonEditer = system.children!.find((node) => node.url === '/client/system/jsonEditer')!;
    expect(jsonEditer.children!.map((node) => node.title)).toEqual(['动作脚本', '链接脚本', '审核脚本']);
    const admin = tree.find((node) => node.url === '/admin')!;
    expect(admin).toMatchObject({ title: '超级管理员', kind: 'action', visible: false });
    const capabilities = capabilitiesFromUrls(urlsOf(tree));
    expect(Object.values(capabilities).every(Boolean)).toBe(true);
    const all = await one(ctx.db, sql`select count(*)::int as n from menus`);
    expect(urlsOf(tree)).toHaveLength(all.n);
  });

  it('brings the ancestors of a granted child', async () => {
    const token = await ctx.login(DEMO_ACCOUNTS.operator.username);
    const tree: MenuNode[] = (await ctx.call('account/getMenus', undefined, { token })).content;
    const system = tree.find((node) => node.url === '/client/system')!;
    expect(system.children!.map((node) => node.url)).toEqual([
      '/client/system/usersManager',
      '/client/system/membershipManager',
      '/client/system/mediaManager',
      '/client/system/userShopManager',
      '/client/system/pluginRuns',
      '/client/system/jsonEditer',
      '/client/system/appManager',
    ]);
    // A role granted only a grandchild still sees the path down to it.
    const role = await one(ctx.db, sql`insert into roles (code, name) values ('only_actions', '仅动作脚本') returning id`);
    await ctx.db.execute(
      sql`insert into role_menus (role_id, menu_id) values (${role.id}, ${await menuId(ctx.db, '/client/system/jsonEditer/actions')})`,
    );
    const registered = await ctx.call('account/register', {
      username: 'grandchild_only',
      email: 'grandchild@example.com',
      password: 'Sturdy#Key-2468',
    });
    await ctx.db.execute(sql`delete from account_roles where account_id = ${registered.content.id}`);
    await ctx.db.execute(sql`insert into account_roles (account_id, role_id) values (${registered.content.id}, ${role.id})`);
    const own = await ctx.login('grandchild_only', 'Sturdy#Key-2468');
    const ownTree: MenuNode[] = (await ctx.call('account/getMenus', undefined, { token: own })).content;
    expect(ownTree).toHaveLength(1);
    expect(urlsOf(ownTree)).toEqual(['/client/system', '/client/system/jsonEditer', '/client/system/jsonEditer/actions']);
  });

  it('refuses a call that needs a grant (A0301) and takes a grant change into account at the next call', async () => {
    const token = await ctx.login(DEMO_ACCOUNTS.member.username);
    const refused = await ctx.call('account/list', {}, { token });
    expect(refused).toMatchObject({ isSuccess: false, code: 'A0301', msg: '没有访问权限', content: null, status: 200 });
    expect((await ctx.call('sale/setSale', { accountId: 1, enabled: true, commissionRate: 1 }, { token })).code).toBe('A0301');

    // Grant from "another instance" (a second connection pool on PostgreSQL) and see it at once.
    const second = ctx.kind === 'postgres' ? await ctx.openSecond() : ctx.database;
    const before = await rbacVersion(ctx.db);
    await second.db.execute(
      sql`insert into role_menus (role_id, menu_id) values (${await roleId(ctx.db, 'member')}, ${await menuId(ctx.db, CAPABILITY_URLS.canSeeUsersManager)})`,
    );
    expect(await rbacVersion(ctx.db)).toBe(before + 1);
    const granted = await ctx.call('account/list', {}, { token });
    expect(granted.code).toBe('00000');
    const menus = await ctx.call('account/getMenus', undefined, { token });
    expect(urlsOf(menus.content)).toContain('/client/system/usersManager');
    expect(urlsOf(menus.content)).toContain('/client/system');

    await second.db.execute(
      sql`delete from role_menus where role_id = ${await roleId(ctx.db, 'member')} and menu_id = ${await menuId(ctx.db, CAPABILITY_URLS.canSeeUsersManager)}`,
    );
    expect((await ctx.call('account/list', {}, { token })).code).toBe('A0301');
  });

  it('bumps the RBAC version on menu and role changes too', async () => {
    const v0 = await rbacVersion(ctx.db);
    await ctx.db.execute(sql`update menus set title = title where url = '/client/home'`);
    const v1 = await rbacVersion(ctx.db);
    await ctx.db.execute(sql`update roles set description = description where code = 'member'`);
    const v2 = await rbacVersion(ctx.db);
    expect([v1 - v0, v2 - v1]).toEqual([1, 1]);
  });
});

describeEachDatabase('account/list, account/setRoles, sale/setSale', (ctx) => {
  let adminToken: string;
  beforeAll(async () => {
    adminToken = await ctx.login(DEMO_ACCOUNTS.superAdmin.username);
  });

  it('lists accounts newest first, paged, with filters', async () => {
    for (let i = 0; i < 3; i += 1) {
      await ctx.call('account/register', { username: `Lister_${i}`, email: `lister${i}@Corp.example`, password: 'Sturdy#Key-2468' });
    }
    const page = await ctx.call('account/list', { current: 1, pageSize: 2, username: 'lister_' }, { token: adminToken });
    expect(page.code).toBe('00000');
    expect(page.content).toMatchObject({ total: 3, current: 1, pageSize: 2 });
    expect(page.content.list.map((item: any) => item.username)).toEqual(['Lister_2', 'Lister_1']);
    expect(page.content.list[0]).toEqual({
      id: expect.any(Number),
      username: 'Lister_2',
      email: 'lister2@Corp.example',
      status: 'enabled',
      membership: null,
      roles: [{ id: await roleId(ctx.db, 'member'), code: 'member', name: '会员' }],
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      manageable: true,
    });
    const second = await ctx.call('account/list', { current: 2, pageSize: 2, username: 'LISTER' }, { token: adminToken });
    expect(second.content.list.map((item: any) => item.username)).toEqual(['Lister_0']);
    const byEmail = await ctx.call('account/list', { email: 'CORP.EXAMPLE' }, { token: adminToken });
    expect(byEmail.content.total).toBe(3);
    expect(byEmail.content).toMatchObject({ current: 1, pageSize: 10 });
    const wildcard = await ctx.call('account/list', { username: '%' }, { token: adminToken });
    expect(wildcard.content.total).toBe(0);

    await ctx.db.execute(sql`update accounts set status = 'disabled' where username = 'Lister_1'`);
    const disabled = await ctx.call('account/list', { status: 'disabled' }, { token: adminToken });
    expect(disabled.content.list.map((item: any) => item.username)).toEqual(['Lister_1']);
    const member = (await ctx.call('account/list', { username: 'demo_member' }, { token: adminToken })).content.list[0];
    expect(member.membership).toMatchObject({ name: '专业版' });

    const tooBig = await ctx.call('account/list', { pageSize: 101 }, { token: adminToken });
    expect(tooBig).toMatchObject({ code: 'A0400', msg: '参数错误：每页条数不能大于 100' });
    const badStatus = await ctx.call('account/list', { status: 'gone' }, { token: adminToken });
    expect(badStatus).toMatchObject({ code: 'A0400', msg: '参数错误：状态不是可选的取值' });
    const badType = await ctx.call('account/list', { current: '1' }, { token: adminToken });
    expect(badType).toMatchObject({ code: 'A0400', msg: '参数错误：页码应为整数' });
    const zero = await ctx.call('account/list', { current: 0 }, { token: adminToken });
    expect(zero).toMatchObject({ code: 'A0400', msg: '参数错误：页码不能小于 1' });
  });

  it('replaces the roles of an account and writes an audit row', async () => {
    const target = await accountId(ctx.db, DEMO_ACCOUNTS.member.username);
    const memberRole = await roleId(ctx.db, 'member');
    const saleRole = await roleId(ctx.db, 'salesperson');
    const answer = await ctx.call(
      'account/setRoles',
      { id: target, roleIds: [saleRole, memberRole, saleRole] },
      { token: adminToken, ip: '10.9.8.7' },
    );
    expect(answer).toMatchObject({ isSuccess: true, code: '00000' });
    const held = await rows(ctx.db, sql`select role_id as "roleId" from account_roles where account_id = ${target} order by role_id`);
    expect(held.map((row) => row.roleId)).toEqual([memberRole, saleRole].sort((a, b) => a - b));
    const auditRow = await one(
      ctx.db,
      sql`select actor_id as "actorId", action, target_type as "targetType", target_id as "targetId", before, after, ip from audit_log where action = 'account.setRoles' order by id desc limit 1`,
    );
    expect(auditRow).toEqual({
      actorId: await accountId(ctx.db, DEMO_ACCOUNTS.superAdmin.username),
      action: 'account.setRoles',
      targetType: 'account',
      targetId: String(target),
      before: { roleIds: [memberRole] },
      after: { roleIds: [memberRole, saleRole].sort((a, b) => a - b) },
      ip: '10.9.8.7',
    });
    // The member now sees the salesperson's menus.
    const token = await ctx.login(DEMO_ACCOUNTS.member.username);
    expect(urlsOf((await ctx.call('account/getMenus', undefined, { token })).content)).toContain('/client/bindCarManager');
  });

  it('refuses unknown roles (A0400, nothing changed) and unknown accounts (A0201)', async () => {
    const target = await accountId(ctx.db, DEMO_ACCOUNTS.operator.username);
    const before = await rows(ctx.db, sql`select role_id from account_roles where account_id = ${target}`);
    const unknownRole = await ctx.call('account/setRoles', { id: target, roleIds: [999_999] }, { token: adminToken });
    expect(unknownRole).toMatchObject({ code: 'A0400', msg: '参数错误：所选角色中有不存在的角色' });
    expect(await rows(ctx.db, sql`select role_id from account_roles where account_id = ${target}`)).toEqual(before);
    const noAccount = await ctx.call('account/setRoles', { id: 999_999, roleIds: [] }, { token: adminToken });
    expect(noAccount).toMatchObject({ code: 'A0201', msg: '账户不存在' });
    const badItem = await ctx.call('account/setRoles', { id: target, roleIds: ['x'] }, { token: adminToken });
    expect(badItem).toMatchObject({ code: 'A0400', msg: '参数错误：角色应为整数' });
    const missing = await ctx.call('account/setRoles', { id: target }, { token: adminToken });
    expect(missing).toMatchObject({ code: 'A0400', msg: '参数错误：角色不能为空' });
  });

  it('makes a salesperson with a unique invite code, keeps it on update, and audits', async () => {
    const target = await accountId(ctx.db, DEMO_ACCOUNTS.operator.username);
    const created = await ctx.call('sale/setSale', { accountId: target, enabled: true, commissionRate: 1500 }, { token: adminToken });
    expect(created.code).toBe('00000');
    expect(created.content).toEqual({
      accountId: target,
      enabled: true,
      commissionRate: 1500,
      inviteCode: expect.stringMatching(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/),
    });
    const updated = await ctx.call('sale/setSale', { accountId: target, enabled: false, commissionRate: 0 }, { token: adminToken });
    expect(updated.content).toEqual({ accountId: target, enabled: false, commissionRate: 0, inviteCode: created.content.inviteCode });
    const audits = await rows(
      ctx.db,
      sql`select before, after from audit_log where action = 'sale.setSale' and target_id = ${String(target)} order by id`,
    );
    expect(audits).toEqual([
      { before: null, after: created.content },
      { before: created.content, after: updated.content },
    ]);
    const codes = await rows(ctx.db, sql`select invite_code from salespeople`);
    expect(new Set(codes.map((row) => row.invite_code)).size).toBe(codes.length);

    expect((await ctx.call('sale/setSale', { accountId: target, enabled: true, commissionRate: 10_001 }, { token: adminToken })).msg).toBe(
      '参数错误：佣金比例应在 0–100% 之间',
    );
    expect((await ctx.call('sale/setSale', { accountId: 999_999, enabled: true, commissionRate: 1 }, { token: adminToken })).code).toBe(
      'A0201',
    );
  });

  it('lets an account with the sale manager screen call sale/setSale, but not account/list', async () => {
    const role = await one(ctx.db, sql`insert into roles (code, name) values ('sale_manager', '销售主管') returning id`);
    await ctx.db.execute(
      sql`insert into role_menus (role_id, menu_id) values (${role.id}, ${await menuId(ctx.db, CAPABILITY_URLS.canSeeSaleManager)})`,
    );
    const manager = await accountId(ctx.db, DEMO_ACCOUNTS.salesperson.username);
    await ctx.db.execute(sql`insert into account_roles (account_id, role_id) values (${manager}, ${role.id})`);
    const token = await ctx.login(DEMO_ACCOUNTS.salesperson.username);
    const target = await accountId(ctx.db, DEMO_ACCOUNTS.expired.username);
    expect((await ctx.call('sale/setSale', { accountId: target, enabled: true, commissionRate: 800 }, { token })).code).toBe('00000');
    expect((await ctx.call('account/list', {}, { token })).code).toBe('A0301');
    expect((await ctx.call('account/setRoles', { id: target, roleIds: [] }, { token })).code).toBe('A0301');
  });
});
