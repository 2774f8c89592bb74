/** Accounts, salespeople, membership levels and the audit log administration. */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { SEARCH_COUNT_CAP } from '../../server/account/list';
import { RECENT_ACCOUNTS } from '../../server/account/list';
import { containsPattern, pgErrorCode } from '../../server/db/query';
import { DEMO_ACCOUNTS } from '#contract/demoAccounts';
import type { AuditItem } from '#contract/api/auditLog';
import type { LevelItem } from '#contract/api/membershipLevel';
import type { SaleItem } from '#contract/api/sale';
import { SYSTEM_TEXT } from '#contract/system';
import { describeEachDatabase, injectCall, TEST_ADMIN } from './support/databases';
import { accountId, one, roleId, rows, sql } from './support/sql';
import { SESSION_MESSAGES } from '../../server/auth/messages';
import { ACCOUNT_MESSAGES } from '../../server/account/messages';
import { SALE_MESSAGES } from '../../server/sale/messages';

describeEachDatabase('system: accounts', (ctx) => {
  let admin: string;
  beforeAll(async () => {
    admin = await ctx.login(DEMO_ACCOUNTS.superAdmin.username);
  });

  it('filters the account list by role and membership level', async () => {
    const operatorRole = await roleId(ctx.db, 'operator');
    const byRole = await ctx.call('account/list', { roleId: operatorRole }, { token: admin });
    expect(byRole.content.list.map((item: any) => item.username)).toEqual([DEMO_ACCOUNTS.operator.username]);
    const level = await one(ctx.db, sql`select id from membership_levels where name = '专业版'`);
    const byLevel = await ctx.call('account/list', { levelId: level.id, username: 'demo_' }, { token: admin });
    expect(byLevel.content.list.map((item: any) => item.username)).toEqual([DEMO_ACCOUNTS.member.username]);
    const none = await ctx.call('account/list', { levelId: 0, username: 'demo_member' }, { token: admin });
    expect(none.content.total).toBe(0);
    expect((await ctx.call('account/list', { roleId: 'x' }, { token: admin })).msg).toBe('参数错误：角色应为整数');
  });

  it('caps the total of a text search that matches more than SEARCH_COUNT_CAP accounts', async () => {
    await ctx.db.execute(
      sql`insert into accounts (username, email, password_hash)
          select 'bulk_' || n, 'bulk' || n || '@example.com', 'x' from generate_series(1, ${SEARCH_COUNT_CAP + 5}) n`,
    );
    const search = await ctx.call('account/list', { username: 'bulk_' }, { token: admin });
    expect(search.content).toMatchObject({ total: SEARCH_COUNT_CAP, totalCapped: true, current: 1, pageSize: 10 });
    expect(search.content.list).toHaveLength(10);
    const exact = await ctx.call('account/list', { username: 'bulk_100' }, { token: admin });
    expect(exact.content.total).toBe(7); // bulk_100, bulk_1000…bulk_1005
    expect(exact.content.totalCapped).toBeUndefined();
    // Without a text filter the total is exact.
    const all = await ctx.call('account/list', {}, { token: admin });
    expect(all.content.total).toBeGreaterThan(SEARCH_COUNT_CAP + 5);
    await ctx.db.execute(sql`delete from accounts where username like 'bulk\_%'`);
  });

  it('finds what a plain ilike finds, in the same order, whichever way the search goes', async () => {
    // Newest: more fillers than RECENT_ACCOUNTS (a common text is found among them); older: a band
    // of CAP + 5 numbered names (capped, rare among the newest: the page is sorted from the index
    // matches); and names for short, mixed-case and wildcard searches.
    await ctx.db.execute(
      sql`insert into accounts (username, email, password_hash, created_at)
          select 'fill' || n, 'fill' || n || '@example.com', 'x', now() + make_interval(secs => n)
          from generate_series(1, ${RECENT_ACCOUNTS + 100}) n`,
    );
    await ctx.db.execute(
      sql`insert into accounts (username, email, password_hash, created_at)
          select 'band_' || n, 'band' || n || '@example.com', 'x', now() - interval '1 day' - make_interval(secs => n)
          from generate_series(1, ${SEARCH_COUNT_CAP + 5}) n`,
    );
    await ctx.db.execute(
      sql`insert into accounts (username, email, password_hash, created_at) values
            ('QzMixed', 'qz@example.com', 'x', now() - interval '2 days'),
            ('x%y_z', 'pct@example.com', 'x', now() - interval '2 days'),
            ('xay', 'xay@example.com', 'x', now() - interval '2 days'),
            ('abq', 'abq@example.com', 'x', now() - interval '3 days'),
            ('Ünïcode', 'uni@example.com', 'x', now() - interval '3 days')`,
    );
    const reference = async (username: string, current: number) => {
      const pattern = containsPattern(username);
      const ids = await rows<{ id: number }>(
        ctx.db,
        sql`select id from accounts where username ilike ${pattern} order by created_at desc, id desc
            limit 10 offset ${(current - 1) * 10}`,
      );
      const { n } = await one<{ n: number }>(ctx.db, sql`select count(*)::int as n from accounts where username ilike ${pattern}`);
      return { ids: ids.map((row) => row.id), n };
    };
    const searches: Array<[string, number]> = [
      ['q', 1],
      ['QZ', 1],
      ['zm', 1],
      ['%', 1],
      ['_', 1],
      ['x%', 1],
      ['_z', 1],
      ['a', 1],
      ['ay', 1],
      ['nobody', 1],
      ['ünï', 1],
      ['NÏC', 1],
      ['.', 1],
      ['band_', 1],
      ['band_', 2],
      ['BAND_10', 1],
      ['and_1', 3],
      ['fill', 1],
      ['fill', 2],
      ['fill', 101],
      ['fill', 150],
      ['ILL5', 1],
      ['l', 1],
      ['l', 120],
    ];
    for (const [username, current] of searches) {
      const expected = await reference(username, current);
      const answer = await ctx.call('account/list', { username, current }, { token: admin });
      const label = `${username} page ${current}`;
      expect([label, answer.content.list.map((item: any) => item.id)]).toEqual([label, expected.ids]);
      if (expected.n > SEARCH_COUNT_CAP) {
        expect([label, answer.content.totalCapped, answer.content.total]).toEqual([
          label,
          true,
          Math.max(SEARCH_COUNT_CAP, (current - 1) * 10 + expected.ids.length),
        ]);
      } else {
        expect([label, answer.content.totalCapped, answer.content.total]).toEqual([label, undefined, expected.n]);
      }
    }
    await ctx.db.execute(
      sql`delete from accounts where email like 'fill%' or email like 'band%'
          or email in ('qz@example.com', 'pct@example.com', 'xay@example.com', 'abq@example.com', 'uni@example.com')`,
    );
  });

  it('creates an account with a generated password shown once, and audits without the password', async () => {
    const memberRole = await roleId(ctx.db, 'member');
    const created = await ctx.call(
      'account/create',
      { username: 'staff_made', email: 'staff_made@example.com', roleIds: [memberRole] },
      { token: admin },
    );
    expect(created.code).toBe('00000');
    expect(created.content.password).toMatch(/^[A-Za-z0-9]{12}$/);
    // One-time (tests/server/oneTimePasswords.test.ts): changed at the first sign-in, then the account works.
    const token = await ctx.login('staff_made', created.content.password);
    expect((await ctx.call('account/getOne', undefined, { token })).code).toBe('A0212');
    const change = { currentPassword: created.content.password, newPassword: 'Made#Own-9753' };
    expect((await ctx.call('profile/changePassword', change, { token })).code).toBe('00000');
    expect((await ctx.call('account/getOne', undefined, { token })).content.username).toBe('staff_made');
    const auditRow = await one(
      ctx.db,
      sql`select after::text as after from audit_log where action = 'account.create' order by id desc limit 1`,
    );
    expect(auditRow.after).not.toContain(created.content.password);

    const typed = await ctx.call(
      'account/create',
      { username: 'staff_typed', email: 'typed@example.com', password: 'Sturdy#Key-2468', roleIds: [] },
      { token: admin },
    );
    expect(typed.content.password).toBeUndefined();
    await ctx.login('staff_typed', 'Sturdy#Key-2468');

    const taken = await ctx.call('account/create', { username: 'STAFF_MADE', email: 'other@example.com', roleIds: [] }, { token: admin });
    expect(taken).toMatchObject({ code: 'A0400', msg: '参数错误：用户名已存在' });
    const badEmail = await ctx.call('account/create', { username: 'x_user', email: 'nope', roleIds: [] }, { token: admin });
    expect(badEmail.msg).toBe('参数错误：邮箱格式不正确');
    const shortPassword = await ctx.call(
      'account/create',
      { username: 'x_user', email: 'x@example.com', password: 'short', roleIds: [] },
      { token: admin },
    );
    expect(shortPassword.msg).toBe('参数错误：密码长度应为 8–64 个字符');
    const member = await ctx.login(DEMO_ACCOUNTS.member.username);
    expect((await ctx.call('account/create', { username: 'x_user', email: 'x@example.com', roleIds: [] }, { token: member })).code).toBe(
      'A0301',
    );
  });

  it('disabling signs the account out at its next call on every instance; enabling lets it log in again', async () => {
    const secondDb = ctx.kind === 'postgres' ? (await ctx.openSecond()).db : ctx.db;
    const second: FastifyInstance = await buildApp({ db: secondDb, config: ctx.config });
    let live = 0;
    try {
      const target = await accountId(ctx.db, 'staff_typed');
      const first = await ctx.login('staff_typed', 'Sturdy#Key-2468');
      const other = await ctx.login('staff_typed', 'Sturdy#Key-2468');
      expect((await injectCall(second, 'account/getOne', undefined, { token: other })).code).toBe('00000');
      live = (await one(ctx.db, sql`select count(*)::int as n from sessions where account_id = ${target} and revoked_at is null`)).n;
      expect(live).toBeGreaterThanOrEqual(2);
      const disabled = await ctx.call('account/setStatus', { id: target, status: 'disabled' }, { token: admin });
      expect(disabled).toMatchObject({ code: '00000', content: { status: 'disabled', sessionsRevoked: live } });
      expect(await injectCall(second, 'account/getOne', undefined, { token: other })).toMatchObject({
        code: 'A0230',
        msg: SESSION_MESSAGES.accountDisabled,
      });
      expect((await ctx.call('account/getMenus', undefined, { token: first })).code).toBe('A0230');
      expect((await ctx.call('account/login', { username: 'staff_typed', password: 'Sturdy#Key-2468' })).code).toBe('A0202');

      expect((await injectCall(second, 'account/setStatus', { id: target, status: 'enabled' }, { token: admin })).code).toBe('00000');
      await ctx.login('staff_typed', 'Sturdy#Key-2468');
      const audits = await rows(
        ctx.db,
        sql`select before, after from audit_log where action = 'account.setStatus' and target_id = ${String(target)} order by id`,
      );
      expect(audits).toEqual([
        { before: { status: 'enabled' }, after: { status: 'disabled', sessionsRevoked: live } },
        { before: { status: 'disabled' }, after: { status: 'enabled', sessionsRevoked: 0 } },
      ]);
    } finally {
      await second.close();
    }
  });

  it('role changes take effect at the next call of the account, on another instance too', async () => {
    const secondDb = ctx.kind === 'postgres' ? (await ctx.openSecond()).db : ctx.db;
    const second: FastifyInstance = await buildApp({ db: secondDb, config: ctx.config });
    try {
      const target = await accountId(ctx.db, 'staff_typed');
      const token = await ctx.login('staff_typed', 'Sturdy#Key-2468');
      expect((await injectCall(second, 'account/list', {}, { token })).code).toBe('A0301');
      await ctx.call('account/setRoles', { id: target, roleIds: [await roleId(ctx.db, 'operator')] }, { token: admin });
      expect((await injectCall(second, 'account/list', {}, { token })).code).toBe('00000');
      await ctx.call('account/setRoles', { id: target, roleIds: [] }, { token: admin });
      expect((await injectCall(second, 'account/list', {}, { token })).code).toBe('A0301');
    } finally {
      await second.close();
    }
  });

  it('resets a password: a new one shown once, the old one and its sessions gone', async () => {
    const target = await accountId(ctx.db, 'staff_typed');
    const token = await ctx.login('staff_typed', 'Sturdy#Key-2468');
    const reset = await ctx.call('account/resetPassword', { id: target }, { token: admin });
    expect(reset.content).toEqual({ id: target, password: expect.stringMatching(/^[A-Za-z0-9]{12}$/) });
    expect(await ctx.call('account/getOne', undefined, { token })).toMatchObject({ code: 'A0230', msg: SESSION_MESSAGES.ended.staff });
    expect((await ctx.call('account/login', { username: 'staff_typed', password: 'Sturdy#Key-2468' })).code).toBe('A0210');
    await ctx.login('staff_typed', reset.content.password);
    expect((await ctx.call('account/resetPassword', { id: 999_999 }, { token: admin })).code).toBe('A0201');
  });

  it('never leaves no enabled super administrator, and no account changes its own roles or status', async () => {
    // Two super administrators: the bootstrap one (admin) and demo_admin.
    const root = await ctx.login(TEST_ADMIN.username, TEST_ADMIN.password);
    const rootId = await accountId(ctx.db, TEST_ADMIN.username);
    const demoAdminId = await accountId(ctx.db, DEMO_ACCOUNTS.superAdmin.username);
    const superRole = await roleId(ctx.db, 'super_admin');
    const memberRole = await roleId(ctx.db, 'member');

    expect(await ctx.call('account/setStatus', { id: rootId, status: 'disabled' }, { token: root })).toMatchObject({
      code: 'A0301',
      msg: ACCOUNT_MESSAGES.disableSelf,
    });
    expect(await ctx.call('account/setRoles', { id: rootId, roleIds: [memberRole] }, { token: root })).toMatchObject({
      code: 'A0301',
      msg: ACCOUNT_MESSAGES.ownRoles,
    });
    // Strip demo_admin: allowed, root remains; give it back.
    expect((await ctx.call('account/setRoles', { id: demoAdminId, roleIds: [memberRole] }, { token: root })).code).toBe('00000');
    expect((await ctx.call('account/setRoles', { id: demoAdminId, roleIds: [superRole] }, { token: root })).code).toBe('00000');
    admin = await ctx.login(DEMO_ACCOUNTS.superAdmin.username);
    // Each disables the other at the same time: one of them wins, never both.
    const answers = await Promise.all([
      ctx.call('account/setStatus', { id: demoAdminId, status: 'disabled' }, { token: root }),
      ctx.call('account/setStatus', { id: rootId, status: 'disabled' }, { token: admin }),
    ]);
    expect(answers.filter((answer) => answer.code === '00000')).toHaveLength(1);
    for (const answer of answers.filter((one) => one.code !== '00000')) {
      // Refused as the last super administrator, or already signed out by the other's change.
      expect([ACCOUNT_MESSAGES.lastSuperAdmin, SESSION_MESSAGES.accountDisabled]).toContain(answer.msg);
    }
    const enabled = await rows(
      ctx.db,
      sql`select a.id from accounts a join account_roles ar on ar.account_id = a.id
          where ar.role_id = ${superRole} and a.status = 'enabled'`,
    );
    expect(enabled).toHaveLength(1);
    await ctx.db.execute(sql`update accounts set status = 'enabled' where id in (${rootId}, ${demoAdminId})`);
    admin = await ctx.login(DEMO_ACCOUNTS.superAdmin.username);
  });
});

describeEachDatabase('system: salespeople, membership levels, audit log', (ctx) => {
  let admin: string;
  beforeAll(async () => {
    admin = await ctx.login(DEMO_ACCOUNTS.superAdmin.username);
  });

  it('lists salespeople with referred accounts and balance; regenerates an invite code', async () => {
    const page = await ctx.call('sale/list', {}, { token: admin });
    expect(page.code).toBe('00000');
    const sale: SaleItem = page.content.list.find((item: SaleItem) => item.username === DEMO_ACCOUNTS.salesperson.username);
    expect(sale).toMatchObject({ status: 'enabled', commissionRate: 1000, referredCount: 1, balanceCents: expect.any(Number) });

    const regenerated = await ctx.call('sale/regenerateCode', { accountId: sale.accountId }, { token: admin });
    expect(regenerated.content.inviteCode).toMatch(/^[A-Z2-9]{8}$/);
    expect(regenerated.content.inviteCode).not.toBe(sale.inviteCode);
    const old = await ctx.call('account/register', {
      username: 'by_old_code',
      email: 'old@example.com',
      password: 'Sturdy#Key-2468',
      inviteCode: sale.inviteCode,
    });
    expect(old.msg).toBe('参数错误：邀请码无效或已停用');
    const byCode = await ctx.call('sale/list', { inviteCode: regenerated.content.inviteCode.toLowerCase() }, { token: admin });
    expect(byCode.content.total).toBe(1);
    const auditRow = await one(
      ctx.db,
      sql`select before, after from audit_log where action = 'sale.regenerateCode' order by id desc limit 1`,
    );
    expect(auditRow).toEqual({ before: { inviteCode: sale.inviteCode }, after: { inviteCode: regenerated.content.inviteCode } });
  });

  it('making a salesperson gives the salesperson role; the users screen reads the summary', async () => {
    const target = await accountId(ctx.db, DEMO_ACCOUNTS.operator.username);
    await ctx.call('sale/setSale', { accountId: target, enabled: true, commissionRate: 1250 }, { token: admin });
    const roles = await rows(
      ctx.db,
      sql`select r.code from account_roles ar join roles r on r.id = ar.role_id where ar.account_id = ${target} order by r.code`,
    );
    expect(roles.map((row) => row.code)).toEqual(['operator', 'salesperson']);
    const summary = await ctx.call('sale/ofAccounts', { accountIds: [target, 999_999] }, { token: admin });
    expect(summary.content).toEqual([
      { accountId: target, enabled: true, commissionRate: 1250, inviteCode: expect.any(String), removed: false },
    ]);
  });

  it('removes a salesperson only with /salerdel, softly, keeping the ledger', async () => {
    const target = await accountId(ctx.db, DEMO_ACCOUNTS.operator.username);
    await ctx.db.execute(
      sql`insert into ledger_entries (account_id, amount_cents, kind, reference, balance_after_cents) values (${target}, 500, 'adjustment', 'test', 500)`,
    );
    // An account that manages salespeople but lacks /salerdel.
    const role = await one(ctx.db, sql`insert into roles (code, name) values ('sale_admin', '销售管理员') returning id`);
    await ctx.db.execute(
      sql`insert into role_menus (role_id, menu_id) select ${role.id}, id from menus where url in ('/client/system', '/client/system/saleManager')`,
    );
    const managerId = await accountId(ctx.db, DEMO_ACCOUNTS.member.username);
    await ctx.db.execute(sql`insert into account_roles (account_id, role_id) values (${managerId}, ${role.id})`);
    const manager = await ctx.login(DEMO_ACCOUNTS.member.username);
    expect((await ctx.call('sale/list', {}, { token: manager })).code).toBe('00000');
    expect((await ctx.call('sale/remove', { accountId: target }, { token: manager })).code).toBe('A0301');

    const removed = await ctx.call('sale/remove', { accountId: target }, { token: admin });
    expect(removed.code).toBe('00000');
    const row = await one(ctx.db, sql`select enabled, removed_at is not null as removed from salespeople where account_id = ${target}`);
    expect(row).toEqual({ enabled: false, removed: true });
    expect((await rows(ctx.db, sql`select 1 from ledger_entries where account_id = ${target}`)).length).toBe(1);
    const list = await ctx.call('sale/list', { status: 'removed' }, { token: admin });
    expect(list.content.list.map((item: SaleItem) => item.accountId)).toEqual([target]);
    expect((await ctx.call('sale/remove', { accountId: target }, { token: admin })).msg).toBe(`参数错误：${SALE_MESSAGES.saleRemoved}`);
    expect((await ctx.call('sale/remove', { accountId: managerId }, { token: admin })).msg).toBe(`参数错误：${SALE_MESSAGES.noSuchSale}`);
  });

  it('manages membership levels; a level in use is only taken off sale', async () => {
    const body = { name: '体验版', priceCents: 990, durationDays: 7, shopQuota: 1, productQuota: 10, sort: 5, onSale: true };
    const created = await ctx.call<LevelItem>('membershipLevel/create', body, { token: admin });
    expect(created.content).toMatchObject({ ...body, orderCount: 0, accountCount: 0 });
    expect((await ctx.call('membershipLevel/create', body, { token: admin })).msg).toBe('参数错误：该名称已被其他等级使用');
    expect((await ctx.call('membershipLevel/create', { ...body, name: 'x', priceCents: 9.9 }, { token: admin })).msg).toBe(
      '参数错误：价格应为整数',
    );
    expect((await ctx.call('membershipLevel/create', { ...body, name: 'x', durationDays: 0 }, { token: admin })).msg).toBe(
      '参数错误：时长应在 1–36500 天之间',
    );
    const updated = await ctx.call('membershipLevel/update', { id: created.content.id, ...body, priceCents: 1990 }, { token: admin });
    expect(updated.content.priceCents).toBe(1990);
    const list = await ctx.call('membershipLevel/list', { onSale: true }, { token: admin });
    expect(list.content.list[0].name).toBe('体验版');

    // 专业版 is demo_member's level, bought by its seeded paid order.
    const pro = await one(
      ctx.db,
      sql`select l.id, (select count(*)::int from orders o where o.level_id = l.id) as orders,
                 (select count(*)::int from accounts a where a.membership_level_id = l.id) as accounts
          from membership_levels l where l.name = '专业版'`,
    );
    expect(pro.accounts).toBeGreaterThan(0);
    const refused = await ctx.call('membershipLevel/delete', { id: pro.id }, { token: admin });
    expect(refused.code).toBe('A0400');
    expect(refused.msg).toBe(SYSTEM_TEXT.levelInUse(pro.orders, pro.accounts));
    const offSale = await ctx.call('membershipLevel/setOnSale', { id: pro.id, onSale: false }, { token: admin });
    expect(offSale.content.onSale).toBe(false);
    expect((await ctx.call('membershipLevel/delete', { id: created.content.id }, { token: admin })).code).toBe('00000');
    const operator = await ctx.login(DEMO_ACCOUNTS.operator.username);
    expect((await ctx.call('membershipLevel/list', {}, { token: operator })).code).toBe('00000');
    const salesperson = await ctx.login(DEMO_ACCOUNTS.salesperson.username);
    expect((await ctx.call('membershipLevel/setOnSale', { id: pro.id, onSale: true }, { token: salesperson })).code).toBe('A0301');
  });

  it('answers the audit log to super administrators only, with filters', async () => {
    const all = await ctx.call('auditLog/list', {}, { token: admin });
    expect(all.code).toBe('00000');
    expect(all.content.total).toBeGreaterThanOrEqual(7);
    const items: AuditItem[] = all.content.list;
    expect(items[0]).toMatchObject({ actorName: DEMO_ACCOUNTS.superAdmin.username, ip: '127.0.0.1', at: expect.stringMatching(/Z$/) });
    const byAction = await ctx.call('auditLog/list', { action: 'membershipLevel.setOnSale' }, { token: admin });
    expect(byAction.content.list).toHaveLength(1);
    expect(byAction.content.list[0]).toMatchObject({ targetType: 'membershipLevel', before: { onSale: true }, after: { onSale: false } });
    // The entry names what changed, not only its id.
    const level = await one(ctx.db, sql`select name from membership_levels where id = ${Number(byAction.content.list[0].targetId)}`);
    expect(byAction.content.list[0].targetName).toBe(level.name);
    const accountEntries: AuditItem[] = (await ctx.call('auditLog/list', { targetType: 'salesperson' }, { token: admin })).content.list;
    for (const entry of accountEntries) {
      const owner = await one(ctx.db, sql`select username from accounts where id = ${Number(entry.targetId)}`);
      expect(entry.targetName).toBe(owner.username);
    }
    const byType = await ctx.call('auditLog/list', { targetType: 'salesperson', actor: 'DEMO_ADM' }, { token: admin });
    expect(byType.content.list.every((item: AuditItem) => item.targetType === 'salesperson')).toBe(true);
    expect(byType.content.total).toBeGreaterThanOrEqual(3);
    const future = await ctx.call('auditLog/list', { from: new Date(Date.now() + 3_600_000).toISOString() }, { token: admin });
    expect(future.content.total).toBe(0);
    const past = await ctx.call('auditLog/list', { to: new Date(Date.now() - 3_600_000).toISOString() }, { token: admin });
    expect(past.content.total).toBe(0);
    expect((await ctx.call('auditLog/list', { from: 'yesterday' }, { token: admin })).msg).toBe('参数错误：开始时间格式不正确');
    const operator = await ctx.login(DEMO_ACCOUNTS.operator.username);
    expect((await ctx.call('auditLog/list', {}, { token: operator })).code).toBe('A0301');
  });

  // Migration 0017 (ASVS 16.4.2): the database itself refuses, whoever sends the statement.
  it('the audit log is append-only: UPDATE, DELETE and TRUNCATE are refused and every entry stays as written', async () => {
    // An audited change: a new role.
    const created = await ctx.call(
      'role/create',
      { name: '审计只增', code: 'audit_append_only', description: '', menuIds: [] },
      { token: admin },
    );
    expect(created.code).toBe('00000');
    const snapshot = async () =>
      one(
        ctx.db,
        sql`select count(*)::int as n, md5(string_agg(id || action || coalesce(after::text, ''), ',' order by id)) as digest from audit_log`,
      );
    const before = await snapshot();
    expect(before.n).toBeGreaterThan(0);

    /** What the database answers the statement: its error code and message (drizzle wraps them). */
    const refusal = (statement: ReturnType<typeof sql>) =>
      ctx.db.execute(statement).then(
        () => 'done',
        (error: { cause?: { code?: string; message?: string } }) => `${pgErrorCode(error)} ${error.cause?.message}`,
      );
    expect(await refusal(sql`update audit_log set action = 'role.rewritten' where action = 'role.create'`)).toMatch(
      /append-only: UPDATE refused/,
    );
    expect(await refusal(sql`delete from audit_log where action = 'role.create'`)).toBe('42501 audit_log is append-only: DELETE refused');
    expect(await refusal(sql`truncate audit_log`)).toBe('42501 audit_log is append-only: TRUNCATE refused');
    expect(await snapshot()).toEqual(before);

    // Writing goes on: the next audited change adds its entry.
    await ctx.call('role/delete', { id: created.content.id }, { token: admin });
    expect((await snapshot()).n).toBe(before.n + 1);
  });
});
