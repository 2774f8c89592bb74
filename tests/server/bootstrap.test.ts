import { bootstrap } from '../../server/bootstrap';
import { menuSeeds, flattenSeeds } from '../../server/seed/menus';
import { CAPABILITY_URLS } from '#contract/capabilities';
import { describeEachDatabase, testConfig } from './support/databases';
import { one, roleId, rows, sql } from './support/sql';

const counts = async (db: any) =>
  one(
    db,
    sql`select (select count(*)::int from menus) as menus, (select count(*)::int from roles) as roles,
               (select count(*)::int from role_menus) as grants, (select count(*)::int from accounts) as accounts,
               (select count(*)::int from account_roles) as "accountRoles", (select count(*)::int from news) as news,
               (select count(*)::int from membership_levels) as levels, (select count(*)::int from salespeople) as salespeople`,
  );

describeEachDatabase(
  'bootstrap',
  (ctx) => {
    const printed: string[] = [];
    const config = () => testConfig({ adminPassword: undefined, adminUsername: 'root_admin', demo: true });
    const run = () => bootstrap({ db: ctx.db, config: config(), print: (text) => printed.push(text) });

    it('seeds an empty database once, prints a generated admin password once, and is idempotent', async () => {
      const first = await run();
      expect(first.adminCreated).toBe(true);
      expect(first.rolesCreated).toEqual(['super_admin', 'operator', 'salesperson', 'script_reviewer', 'member']);
      expect(first.demoAccountsCreated).toEqual([
        'demo_admin',
        'demo_operator',
        'demo_reviewer',
        'demo_sale',
        'demo_member',
        'demo_expired',
      ]);
      const seeded = await counts(ctx.db);
      expect(seeded).toMatchObject({ menus: flattenSeeds(menuSeeds()).length, roles: 5, accounts: 7, news: 3, levels: 3, salespeople: 1 });

      // Twice more, two of them at once (as several instances starting together would).
      const again = await Promise.all([run(), run()]);
      expect(again.map((report) => report.menusInserted)).toEqual([0, 0]);
      expect(await counts(ctx.db)).toEqual(seeded);

      expect(printed).toHaveLength(1);
      const match = /password: (\S+)/.exec(printed[0]);
      expect(match).not.toBeNull();
      expect(match![1]).toHaveLength(24);
      expect(printed[0]).toContain('signs in only to be changed');
      const login = await ctx.call('account/login', { username: 'root_admin', password: match![1] });
      expect(login.code).toBe('00000');
      // One-time (tests/server/oneTimePasswords.test.ts): the session may only change it.
      expect(login.content.passwordChangeRequired).toBe(true);
    });

    it('seeds every route and capability url, with the tree shape of the route table', async () => {
      const menus = await rows(
        ctx.db,
        sql`select m.url, m.title, m.kind, m.visible, p.url as parent from menus m left join menus p on p.id = m.parent_id`,
      );
      const byUrl = new Map(menus.map((menu) => [menu.url, menu]));
      for (const url of Object.values(CAPABILITY_URLS)) expect(byUrl.has(url)).toBe(true);
      expect(byUrl.get('/client/system/jsonEditer/actions')).toEqual({
        url: '/client/system/jsonEditer/actions',
        title: '动作脚本',
        kind: 'page',
        visible: true,
        parent: '/client/system/jsonEditer',
      });
      expect(byUrl.get('/client/system')).toMatchObject({ kind: 'directory', parent: null });
      expect(byUrl.get('/withdrawalApproval')).toMatchObject({ title: '提现审批', kind: 'page', parent: null });
      expect(byUrl.get('/salerdel')).toMatchObject({ title: '删除销售', kind: 'action', visible: false });
      expect(byUrl.get('/client/user')).toMatchObject({ visible: false });
      expect(byUrl.has('/login')).toBe(false);
    });

    it('never overwrites edits, restores a deleted menu and grants it to the super administrator only', async () => {
      await ctx.db.execute(sql`update menus set title = '改过的标题' where url = '/client/home'`);
      await ctx.db.execute(sql`delete from menus where url = '/table'`);
      const report = await run();
      expect(report.menusInserted).toBe(1);
      expect((await one(ctx.db, sql`select title from menus where url = '/client/home'`)).title).toBe('改过的标题');
      const holders = await rows(
        ctx.db,
        sql`select r.code from role_menus rm join roles r on r.id = rm.role_id join menus m on m.id = rm.menu_id where m.url = '/table'`,
      );
      expect(holders.map((row) => row.code)).toEqual(['super_admin']);
      const superAdmin = await roleId(ctx.db, 'super_admin');
      const missing = await one(
        ctx.db,
        sql`select count(*)::int as n from menus m where not exists (select 1 from role_menus rm where rm.menu_id = m.id and rm.role_id = ${superAdmin})`,
      );
      expect(missing.n).toBe(0);
      expect(printed).toHaveLength(1);
    });

    it('gives the built-in roles their grants', async () => {
      const grants = async (code: string) =>
        (
          await rows(
            ctx.db,
            sql`select m.url from role_menus rm join roles r on r.id = rm.role_id join menus m on m.id = rm.menu_id where r.code = ${code} order by m.url`,
          )
        ).map((row) => row.url);
      expect(await grants('member')).toEqual([
        '/client/home',
        '/client/memberCenter',
        '/client/orderList',
        '/client/pluginRuns',
        '/client/pluginRuns/export',
        '/client/shopManager',
        '/client/user',
      ]);
      expect(await grants('salesperson')).toEqual([
        '/client/bindCarManager',
        '/client/home',
        '/client/memberCenter',
        '/client/orderList',
        '/client/pluginRuns',
        '/client/pluginRuns/export',
        '/client/promotion',
        '/client/promotion/export',
        '/client/saleBalanceRecord',
        '/client/saleBalanceRecord/export',
        '/client/shopManager',
        '/client/user',
      ]);
      const operator = await grants('operator');
      expect(operator).toEqual(
        expect.arrayContaining([
          '/client/system/appManager/versionManager',
          '/client/system/jsonEditer/urlActions',
          '/withdrawalApproval',
          '/client/rechargeMannager',
        ]),
      );
      expect(operator).not.toContain('/client/system/menusManager');
      expect(operator).not.toContain('/admin');
      expect(operator).not.toContain('/salerdel');
      // 系统参数 (the money rules) is the administrator's.
      expect(operator).not.toContain('/client/system/parameters');
      expect(operator).not.toContain('/client/system/reconciliation');
      expect(operator).not.toContain('/client/system/payouts');
      expect(operator).not.toContain('/client/system/referralReviews');
      // 导出: the operator's screens' export actions come with their subtrees; 订单列表's (all orders) is the administrator's.
      expect(operator).toEqual(
        expect.arrayContaining([
          '/client/system/usersManager/export',
          '/withdrawalApproval/export',
          '/client/system/userShopManager/export',
          // 运行记录 (own) and 插件运行记录 (every member's, for support), each with its export; the
          // operator also pauses flows and sets the pacing (暂停与节奏).
          '/client/pluginRuns/export',
          '/client/system/pluginRuns',
          '/client/system/pluginRuns/export',
          '/client/system/pluginRuns/control',
        ]),
      );
      expect(operator).not.toContain('/client/orderList/export');
    });
  },
  { bootstrap: false },
);
