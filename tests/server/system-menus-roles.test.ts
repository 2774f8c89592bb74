/** Menus and roles administration: tree rules, grants, the super administrator, preview, audit. */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import type { MenuNode } from '#contract/capabilities';
import { CAPABILITY_URLS } from '#contract/capabilities';
import { DEMO_ACCOUNTS } from '#contract/demoAccounts';
import type { MenuAdminNode } from '#contract/api/menu';
import type { RoleItem } from '#contract/api/role';
import { SYSTEM_TEXT } from '#contract/system';
import { describeEachDatabase, injectCall } from './support/databases';
import { accountId, menuId, one, roleId, rows, sql } from './support/sql';
import { MENU_MESSAGES } from '../../server/menu/messages';
import { ROLE_MESSAGES } from '../../server/role/messages';

const urlsOf = (nodes: readonly MenuNode[]): string[] => nodes.flatMap((node) => [node.url, ...urlsOf(node.children ?? [])]);
const findNode = (nodes: readonly MenuAdminNode[], url: string): MenuAdminNode | undefined => {
  for (const node of nodes) {
    if (node.url === url) return node;
    const found = findNode(node.children ?? [], url);
    if (found) return found;
  }
  return undefined;
};
const newMenu = (url: string, extra: Record<string, unknown> = {}) => ({
  parentId: null,
  title: `菜单${url}`,
  url,
  icon: null,
  kind: 'page',
  visible: true,
  sort: 500,
  ...extra,
});

describeEachDatabase('system: menus', (ctx) => {
  let admin: string;
  beforeAll(async () => {
    admin = await ctx.login(DEMO_ACCOUNTS.superAdmin.username);
  });

  it('answers the whole tree with grant counts to the menu manager only', async () => {
    const tree = await ctx.call<MenuAdminNode[]>('menu/tree', {}, { token: admin });
    expect(tree.code).toBe('00000');
    const system = findNode(tree.content, CAPABILITY_URLS.canSeeSystem)!;
    expect(system).toMatchObject({ kind: 'directory', parentId: null, icon: 'SettingOutlined' });
    expect(system.children!.map((node) => node.url)[0]).toBe(CAPABILITY_URLS.canSeeMenusManager);
    // /client/home: super_admin, operator, script_reviewer, salesperson, member.
    expect(findNode(tree.content, '/client/home')!.grantCount).toBe(5);
    const member = await ctx.login(DEMO_ACCOUNTS.member.username);
    expect((await ctx.call('menu/tree', {}, { token: member })).code).toBe('A0301');
    const operator = await ctx.login(DEMO_ACCOUNTS.operator.username);
    expect((await ctx.call('menu/create', newMenu('/op-menu'), { token: operator })).code).toBe('A0301');
  });

  it('creates a menu, grants it to the super administrator and audits it', async () => {
    const created = await ctx.call('menu/create', newMenu('/client/reports', { icon: 'BarChartOutlined', title: '报表' }), {
      token: admin,
      ip: '10.1.2.3',
    });
    expect(created).toMatchObject({ code: '00000', content: { url: '/client/reports', icon: 'BarChartOutlined', kind: 'page' } });
    const tree: MenuNode[] = (await ctx.call('account/getMenus', undefined, { token: admin })).content;
    expect(urlsOf(tree)).toContain('/client/reports');
    const auditRow = await one(
      ctx.db,
      sql`select actor_id as "actorId", target_type as "targetType", target_id as "targetId", before, after, ip
          from audit_log where action = 'menu.create' order by id desc limit 1`,
    );
    expect(auditRow).toEqual({
      actorId: await accountId(ctx.db, DEMO_ACCOUNTS.superAdmin.username),
      targetType: 'menu',
      targetId: String(created.content.id),
      before: null,
      after: created.content,
      ip: '10.1.2.3',
    });
  });

  it('refuses a duplicate url and bad fields with a message naming the field', async () => {
    const duplicate = await ctx.call('menu/create', newMenu('/client/home'), { token: admin });
    expect(duplicate).toMatchObject({ code: 'A0400', msg: `参数错误：${SYSTEM_TEXT.menuUrlTaken}` });
    const badUrl = await ctx.call('menu/create', newMenu('no-slash'), { token: admin });
    expect(badUrl).toMatchObject({ code: 'A0400', msg: '参数错误：地址应以 / 开头，或是 http(s):// 链接' });
    const badIcon = await ctx.call('menu/create', newMenu('/x-icon', { icon: 'home' }), { token: admin });
    expect(badIcon.msg).toBe('参数错误：图标应为 @ant-design/icons 的图标名，如 HomeOutlined');
    const notOffered = await ctx.call('menu/create', newMenu('/x-icon', { icon: 'AlipayCircleOutlined' }), { token: admin });
    expect(notOffered.msg).toBe('参数错误：该图标不在可选范围内');
    const noTitle = await ctx.call('menu/create', { ...newMenu('/x-title'), title: '' }, { token: admin });
    expect(noTitle.msg).toBe('参数错误：标题长度不能少于 1 个字符');
    const badKind = await ctx.call('menu/create', newMenu('/x-kind', { kind: 'folder' }), { token: admin });
    expect(badKind.msg).toBe('参数错误：类型不是可选的取值');
    const noParent = await ctx.call('menu/create', newMenu('/x-parent', { parentId: 999_999 }), { token: admin });
    expect(noParent.msg).toBe(`参数错误：${MENU_MESSAGES.noSuchMenu}`);
    // Editing another menu onto a taken url is refused as well.
    const reports = await menuId(ctx.db, '/client/reports');
    const update = await ctx.call('menu/update', { id: reports, ...newMenu('/client/home') }, { token: admin });
    expect(update.msg).toBe(`参数错误：${SYSTEM_TEXT.menuUrlTaken}`);
    expect((await rows(ctx.db, sql`select 1 from menus where url like '/x-%'`)).length).toBe(0);
  });

  it('refuses a cycle when moving or editing, and moves otherwise', async () => {
    const parent = (await ctx.call('menu/create', newMenu('/cycle-a', { kind: 'directory' }), { token: admin })).content;
    const child = (await ctx.call('menu/create', newMenu('/cycle-a/b', { parentId: parent.id, kind: 'directory' }), { token: admin }))
      .content;
    const grandchild = (await ctx.call('menu/create', newMenu('/cycle-a/b/c', { parentId: child.id }), { token: admin })).content;

    for (const target of [parent.id, child.id, grandchild.id]) {
      const moved = await ctx.call('menu/move', { id: parent.id, parentId: target }, { token: admin });
      expect(moved).toMatchObject({ code: 'A0400', msg: `参数错误：${SYSTEM_TEXT.menuCycle}` });
    }
    const edited = await ctx.call('menu/update', { id: parent.id, ...newMenu('/cycle-a', { parentId: grandchild.id }) }, { token: admin });
    expect(edited.msg).toBe(`参数错误：${SYSTEM_TEXT.menuCycle}`);
    expect((await one(ctx.db, sql`select parent_id from menus where id = ${parent.id}`)).parent_id).toBeNull();

    const system = await menuId(ctx.db, CAPABILITY_URLS.canSeeSystem);
    const moved = await ctx.call('menu/move', { id: grandchild.id, parentId: system }, { token: admin });
    expect(moved.code).toBe('00000');
    const tree = (await ctx.call<MenuAdminNode[]>('menu/tree', {}, { token: admin })).content;
    const systemNode = findNode(tree, CAPABILITY_URLS.canSeeSystem)!;
    expect(systemNode.children!.at(-1)!.url).toBe('/cycle-a/b/c');
    expect((await one(ctx.db, sql`select count(*)::int as n from audit_log where action = 'menu.move'`)).n).toBe(1);
  });

  it('reorders the children of a parent, refusing a list that is not exactly its children', async () => {
    const system = await menuId(ctx.db, CAPABILITY_URLS.canSeeSystem);
    const children = await rows<{ id: number }>(ctx.db, sql`select id from menus where parent_id = ${system} order by sort, id`);
    const reversed = children.map((row) => row.id).reverse();
    expect((await ctx.call('menu/reorder', { parentId: system, orderedIds: reversed }, { token: admin })).code).toBe('00000');
    const after = await rows<{ id: number }>(ctx.db, sql`select id from menus where parent_id = ${system} order by sort, id`);
    expect(after.map((row) => row.id)).toEqual(reversed);
    const partial = await ctx.call('menu/reorder', { parentId: system, orderedIds: reversed.slice(1) }, { token: admin });
    expect(partial.msg).toBe('参数错误：排序应恰好列出该父菜单下的全部子菜单');
    // Put them back for the other cases.
    await ctx.call('menu/reorder', { parentId: system, orderedIds: children.map((row) => row.id) }, { token: admin });
  });

  it('refuses deleting a menu that roles grant unless asked to remove the grants, and one with children', async () => {
    const menu = (await ctx.call('menu/create', newMenu('/granted-menu'), { token: admin })).content;
    const operatorRole = await roleId(ctx.db, 'operator');
    await ctx.db.execute(sql`insert into role_menus (role_id, menu_id) values (${operatorRole}, ${menu.id})`);
    const refused = await ctx.call('menu/delete', { id: menu.id }, { token: admin });
    expect(refused).toMatchObject({ code: 'A0400', msg: SYSTEM_TEXT.menuGranted(1) });
    expect((await rows(ctx.db, sql`select 1 from menus where id = ${menu.id}`)).length).toBe(1);

    const deleted = await ctx.call('menu/delete', { id: menu.id, removeGrants: true }, { token: admin });
    expect(deleted).toMatchObject({ code: '00000', content: { id: menu.id, removedGrants: 2 } });
    expect((await rows(ctx.db, sql`select 1 from role_menus where menu_id = ${menu.id}`)).length).toBe(0);
    const auditRow = await one(ctx.db, sql`select before, after from audit_log where action = 'menu.delete' order by id desc limit 1`);
    expect(auditRow.before).toMatchObject({ url: '/granted-menu', grantedRoleIds: expect.arrayContaining([operatorRole]) });
    expect(auditRow.after).toBeNull();

    // A menu only the super administrator holds goes without asking.
    const lone = (await ctx.call('menu/create', newMenu('/lone-menu'), { token: admin })).content;
    expect((await ctx.call('menu/delete', { id: lone.id }, { token: admin })).code).toBe('00000');

    const system = await menuId(ctx.db, CAPABILITY_URLS.canSeeSystem);
    const withChildren = await ctx.call('menu/delete', { id: system, removeGrants: true }, { token: admin });
    expect(withChildren).toMatchObject({ code: 'A0400', msg: SYSTEM_TEXT.menuHasChildren });
  });
});

describeEachDatabase('system: roles', (ctx) => {
  let admin: string;
  beforeAll(async () => {
    admin = await ctx.login(DEMO_ACCOUNTS.superAdmin.username);
  });

  it('creates a role with normalised grants (a child brings its ancestors) and audits', async () => {
    const grandchild = await menuId(ctx.db, '/client/system/jsonEditer/actions');
    const created = await ctx.call<RoleItem>(
      'role/create',
      { name: '脚本编辑', code: 'script_editor', description: '只编辑动作脚本', menuIds: [grandchild] },
      { token: admin },
    );
    expect(created.code).toBe('00000');
    const expected = await Promise.all(
      ['/client/system', '/client/system/jsonEditer', '/client/system/jsonEditer/actions'].map((url) => menuId(ctx.db, url)),
    );
    expect(created.content).toMatchObject({
      code: 'script_editor',
      builtIn: false,
      accountCount: 0,
      menuIds: expected.sort((a, b) => a - b),
    });
    const auditRow = await one(ctx.db, sql`select after from audit_log where action = 'role.create' order by id desc limit 1`);
    expect(auditRow.after).toEqual(created.content);

    const duplicate = await ctx.call('role/create', { name: 'x', code: 'script_editor', description: '', menuIds: [] }, { token: admin });
    expect(duplicate.msg).toBe(`参数错误：${SYSTEM_TEXT.roleCodeTaken}`);
    const badCode = await ctx.call('role/create', { name: 'x', code: 'Bad Code', description: '', menuIds: [] }, { token: admin });
    expect(badCode.msg).toMatch(/^参数错误：编码/);
    const badMenu = await ctx.call('role/create', { name: 'x', code: 'x_role', description: '', menuIds: [999_999] }, { token: admin });
    expect(badMenu.msg).toBe('参数错误：所选菜单中有不存在的菜单（编号 999999）');
  });

  it('keeps 需要两步验证: off unless asked on create, unchanged by an update that leaves it out, audited', async () => {
    const created = await ctx.call<RoleItem>(
      'role/create',
      { name: '审核', code: 'factor_role', description: '', menuIds: [] },
      { token: admin },
    );
    expect(created.content.requiresSecondFactor).toBe(false);
    const fields = { id: created.content.id, name: '审核', code: 'factor_role', description: '', menuIds: [] };
    const on = await ctx.call<RoleItem>('role/update', { ...fields, requiresSecondFactor: true }, { token: admin });
    expect(on.content.requiresSecondFactor).toBe(true);
    const audit = await one(ctx.db, sql`select before, after from audit_log where action = 'role.update' order by id desc limit 1`);
    expect([audit.before.requiresSecondFactor, audit.after.requiresSecondFactor]).toEqual([false, true]);
    expect((await ctx.call<RoleItem>('role/update', { ...fields, name: '审核员' }, { token: admin })).content.requiresSecondFactor).toBe(
      true,
    );
    const listed = await ctx.call('role/list', { code: 'factor_role' }, { token: admin });
    expect(listed.content.list[0]).toMatchObject({ name: '审核员', requiresSecondFactor: true });
    const made = await ctx.call<RoleItem>(
      'role/create',
      { name: '财务', code: 'factor_role2', description: '', menuIds: [], requiresSecondFactor: true },
      { token: admin },
    );
    expect(made.content.requiresSecondFactor).toBe(true);
  });

  it('previews the menu and capabilities of a set of grants without saving', async () => {
    const users = await menuId(ctx.db, CAPABILITY_URLS.canSeeUsersManager);
    const preview = await ctx.call('role/preview', { menuIds: [users] }, { token: admin });
    expect(preview.code).toBe('00000');
    expect(urlsOf(preview.content.tree)).toEqual(['/client/system', '/client/system/usersManager']);
    expect(preview.content.capabilities).toMatchObject({
      canSeeSystem: true,
      canSeeUsersManager: true,
      canSeeAdmin: false,
      canSeeHome: false,
    });
  });

  it('keeps the super administrator whole: every grant, its code, and the role itself', async () => {
    const superRole = await roleId(ctx.db, 'super_admin');
    const list = await ctx.call('role/list', { code: 'super' }, { token: admin });
    const role: RoleItem = list.content.list[0];
    expect(role).toMatchObject({ code: 'super_admin', builtIn: true });
    const all = await rows<{ id: number }>(ctx.db, sql`select id from menus`);
    expect(role.menuIds).toHaveLength(all.length);

    const body = { id: superRole, name: role.name, code: role.code, description: role.description };
    expect((await ctx.call('role/update', { ...body, menuIds: role.menuIds.slice(1) }, { token: admin })).msg).toBe(
      `参数错误：${SYSTEM_TEXT.superAdminAllMenus}`,
    );
    expect((await ctx.call('role/update', { ...body, code: 'root', menuIds: role.menuIds }, { token: admin })).msg).toBe(
      `参数错误：${ROLE_MESSAGES.builtInRoleCode}`,
    );
    const renamed = await ctx.call(
      'role/update',
      { ...body, name: '超级管理员', description: '全部权限', menuIds: role.menuIds },
      { token: admin },
    );
    expect(renamed.code).toBe('00000');
    expect((await ctx.call('role/delete', { id: superRole }, { token: admin })).msg).toBe(SYSTEM_TEXT.builtInRoleDelete);
    expect((await rows(ctx.db, sql`select 1 from role_menus where role_id = ${superRole}`)).length).toBe(all.length);
  });

  it('refuses deleting a role that accounts hold; deletes it once they do not', async () => {
    const created = (await ctx.call('role/create', { name: '临时', code: 'temp_role', description: '', menuIds: [] }, { token: admin }))
      .content;
    const target = await accountId(ctx.db, DEMO_ACCOUNTS.member.username);
    const memberRole = await roleId(ctx.db, 'member');
    await ctx.call('account/setRoles', { id: target, roleIds: [memberRole, created.id] }, { token: admin });
    expect((await ctx.call('role/delete', { id: created.id }, { token: admin })).msg).toBe(SYSTEM_TEXT.roleHeld(1));
    await ctx.call('account/setRoles', { id: target, roleIds: [memberRole] }, { token: admin });
    expect((await ctx.call('role/delete', { id: created.id }, { token: admin })).code).toBe('00000');
    expect((await one(ctx.db, sql`select count(*)::int as n from audit_log where action = 'role.delete'`)).n).toBe(1);
  });

  it('takes grant changes into account at the next call on every instance', async () => {
    // A second app instance with its own RBAC cache (and, on PostgreSQL, its own pool).
    const secondDb = ctx.kind === 'postgres' ? (await ctx.openSecond()).db : ctx.db;
    const second: FastifyInstance = await buildApp({ db: secondDb, config: ctx.config });
    try {
      const memberToken = await ctx.login(DEMO_ACCOUNTS.member.username);
      const onSecond = (path: string, body?: unknown) => injectCall(second, path, body, { token: memberToken });
      // Warm both caches.
      expect(urlsOf((await onSecond('account/getMenus')).content)).not.toContain('/client/reports2');
      const menu = (await ctx.call('menu/create', newMenu('/client/reports2', { icon: 'BarChartOutlined' }), { token: admin })).content;
      const role = (await ctx.call('role/create', { name: '报表', code: 'reports', description: '', menuIds: [menu.id] }, { token: admin }))
        .content;
      const target = await accountId(ctx.db, DEMO_ACCOUNTS.member.username);
      const memberRole = await roleId(ctx.db, 'member');
      await ctx.call('account/setRoles', { id: target, roleIds: [memberRole, role.id] }, { token: admin });
      expect(urlsOf((await onSecond('account/getMenus')).content)).toContain('/client/reports2');

      // Revoked on the second instance, gone on the first.
      const adminOnSecond = await injectCall(
        second,
        'role/update',
        { id: role.id, name: '报表', code: 'reports', description: '', menuIds: [] },
        { token: admin },
      );
      expect(adminOnSecond.code).toBe('00000');
      expect(urlsOf((await ctx.call('account/getMenus', undefined, { token: memberToken })).content)).not.toContain('/client/reports2');

      // A capability granted through a role opens its calls at once, on both.
      const users = await menuId(ctx.db, CAPABILITY_URLS.canSeeUsersManager);
      expect((await onSecond('account/list', {})).code).toBe('A0301');
      await ctx.call('role/update', { id: role.id, name: '报表', code: 'reports', description: '', menuIds: [users] }, { token: admin });
      expect((await onSecond('account/list', {})).code).toBe('00000');
      await ctx.call('account/setRoles', { id: target, roleIds: [memberRole] }, { token: admin });
      expect((await onSecond('account/list', {})).code).toBe('A0301');
    } finally {
      await second.close();
    }
  });
});
