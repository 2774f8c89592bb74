import { CODES } from '#contract/codes';
import { DEMO_ACCOUNTS } from '#contract/demoAccounts';
import { SHOP_MESSAGES } from '../../server/shop/messages';
import type { AccountShopItem, ShopItem } from '#contract/api/shop';
import { DEMO_SHOPS } from '../../server/seed/domains/shops';
import { buildApp } from '../../server/app';
import { hashToken } from '../../server/auth/tokens';
import { BIND_TTL_SECONDS } from '#contract/shops';
import { describeEachDatabase, injectCall, type SuiteContext } from './support/databases';
import { accountId, one, rows, sql } from './support/sql';

let serial = 0;

/** A fresh member account with the level `levelName` (or none), its session token and a plug-in token. */
async function newMember(ctx: SuiteContext, levelName: string | null) {
  serial += 1;
  const username = `shop_${ctx.kind}_${serial}`;
  const registered = await ctx.call('account/register', { username, email: `${username}@example.com`, password: 'Sturdy#Key-2468' });
  expect(registered.code).toBe(CODES.OK);
  if (levelName) {
    await ctx.db.execute(
      sql`update accounts set membership_level_id = (select id from membership_levels where name = ${levelName}),
                              membership_expires_at = now() + interval '30 days'
          where username = ${username}`,
    );
  }
  const token = await ctx.login(username, 'Sturdy#Key-2468');
  // `plugin`: the plug-in token the console would hand the plug-in, which reports the shops.
  return { username, id: await accountId(ctx.db, username), token, plugin: await ctx.pluginToken(token) };
}

const shop = (externalId: string, name = `店铺${externalId}`) => ({ platform: 'tiktok', externalId, name, region: 'MY' });

type Member = Awaited<ReturnType<typeof newMember>>;

/** What the console and the plug-in do together: the console starts a bind, the plug-in reports the shop with its id. */
async function report<T = any>(ctx: SuiteContext, member: Member, body: object) {
  return ctx.call<T>('shop/report', { ...body, bindId: await ctx.startBind(member.token) }, { token: member.plugin });
}

describeEachDatabase('shops', (ctx) => {
  describe('shop/report', () => {
    it('refuses an account without a membership, with the reason, when the bind starts and when it is reported', async () => {
      const member = await newMember(ctx, null);
      const started = await ctx.call('shop/bindStart', {}, { token: member.token });
      expect(started).toMatchObject({ isSuccess: false, code: CODES.NOT_AUTHORISED, msg: SHOP_MESSAGES.noMembership });
      const answer = await ctx.call('shop/report', { ...shop('100001'), bindId: 'bd_none' }, { token: member.plugin });
      expect(answer).toMatchObject({ isSuccess: false, code: CODES.NOT_AUTHORISED, msg: SHOP_MESSAGES.noMembership });
      expect(await rows(ctx.db, sql`select id from shops where account_id = ${member.id}`)).toHaveLength(0);
    });

    it('takes a shop only with a bind its account started, once, while the bind lasts', async () => {
      const member = await newMember(ctx, '专业版');
      const other = await newMember(ctx, '专业版');
      const refused = async (bindId: string, externalId: string, by = member) => {
        const answer = await ctx.call('shop/report', { ...shop(externalId), bindId }, { token: by.plugin });
        expect({ externalId, code: answer.code, msg: answer.msg }).toEqual({
          externalId,
          code: CODES.NOT_AUTHORISED,
          msg: SHOP_MESSAGES.bindNotStarted,
        });
      };
      const started = await ctx.call<{ bindId: string; expiresAt: string }>('shop/bindStart', {}, { token: member.token });
      expect(started.content.bindId).toMatch(/^bd_[\w-]{43}$/);
      expect(Date.parse(started.content.expiresAt) - Date.now()).toBeGreaterThan((BIND_TTL_SECONDS - 60) * 1000);
      await refused('bd_made-up', '110001');
      // Another account's bind: the plug-in of one member can not spend another's.
      await refused(started.content.bindId, '110002', other);
      expect((await ctx.call('shop/report', { ...shop('110003'), bindId: started.content.bindId }, { token: member.plugin })).code).toBe(
        CODES.OK,
      );
      // Spent: a second report with it (another shop, or the same again) is refused.
      await refused(started.content.bindId, '110004');
      const expiring = await ctx.startBind(member.token);
      await ctx.db.execute(sql`update shop_binds set expires_at = now() - interval '1 second' where token_hash = ${hashToken(expiring)}`);
      await refused(expiring, '110005');
      expect((await rows(ctx.db, sql`select external_id from shops where account_id = ${member.id}`)).length).toBe(1);
    });

    it('two accounts claiming one shop at once: exactly one wins, every time', async () => {
      // Two instances on one database: each claim on its own connection (PGlite runs them one after the other).
      const second = ctx.kind === 'postgres' ? await buildApp({ db: (await ctx.openSecond()).db, config: ctx.config }) : ctx.app;
      try {
        for (let round = 0; round < 8; round += 1) {
          const [first, other] = [await newMember(ctx, '专业版'), await newMember(ctx, '专业版')];
          const externalId = `12000${round}`;
          const binds = [await ctx.startBind(first.token), await ctx.startBind(other.token)];
          // Both sent at once, each through its own instance.
          const claims = await Promise.all([
            injectCall(ctx.app, 'shop/report', { ...shop(externalId), bindId: binds[0] }, { token: first.plugin }),
            injectCall(second, 'shop/report', { ...shop(externalId), bindId: binds[1] }, { token: other.plugin }),
          ]);
          expect(claims.map((claim) => claim.code).sort()).toEqual([CODES.OK, CODES.NOT_AUTHORISED]);
          expect(claims.find((claim) => !claim.isSuccess)?.msg).toBe(SHOP_MESSAGES.boundElsewhere);
          const bound = await rows(ctx.db, sql`select account_id from shops where external_id = ${externalId} and status = 'bound'`);
          expect(bound).toHaveLength(1);
        }
      } finally {
        if (second !== ctx.app) await second.close();
      }
    });

    it('refuses without a valid token (A0230)', async () => {
      const answer = await ctx.call('shop/report', shop('100002'), { token: 'not-a-token' });
      expect(answer.code).toBe(CODES.LOGIN_EXPIRED);
    });

    it('upserts: a second report of the same shop updates it, keeps its bind time and counts once', async () => {
      const member = await newMember(ctx, '基础版'); // 1 shop
      const first = await report<ShopItem>(ctx, member, shop('200001', '旧名字'));
      expect(first.code).toBe(CODES.OK);
      expect(first.content).toMatchObject({
        platform: 'tiktok',
        externalId: '200001',
        name: '旧名字',
        region: 'MY',
        status: 'bound',
        unboundAt: null,
      });
      const again = await report<ShopItem>(ctx, member, { ...shop('200001', '新名字'), region: 'TH' });
      expect(again.code).toBe(CODES.OK);
      expect(again.content).toMatchObject({ id: first.content.id, name: '新名字', region: 'TH', boundAt: first.content.boundAt });
      const stored = await rows(ctx.db, sql`select name from shops where account_id = ${member.id}`);
      expect(stored).toEqual([{ name: '新名字' }]);
    });

    it("refuses over the membership's shop quota, and lets an unbind make room", async () => {
      const member = await newMember(ctx, '基础版'); // 1 shop
      expect((await report(ctx, member, shop('300001'))).code).toBe(CODES.OK);
      const over = await report(ctx, member, shop('300002'));
      expect(over).toMatchObject({ isSuccess: false, code: CODES.NOT_AUTHORISED, msg: SHOP_MESSAGES.quotaExceeded(1) });

      const [bound] = (await ctx.call<{ list: ShopItem[] }>('shop/list', {}, { token: member.token })).content.list;
      const unbound = await ctx.call<ShopItem>('shop/unbind', { id: bound.id }, { token: member.token });
      expect(unbound.content).toMatchObject({ status: 'unbound', unboundAt: expect.any(String) });
      expect((await report(ctx, member, shop('300002'))).code).toBe(CODES.OK);
      // Binding the first one again is over the quota again.
      expect((await report(ctx, member, shop('300001'))).msg).toBe(SHOP_MESSAGES.quotaExceeded(1));
    });

    it('refuses a shop another account has bound', async () => {
      const owner = await newMember(ctx, '专业版');
      const other = await newMember(ctx, '专业版');
      expect((await report(ctx, owner, shop('400001'))).code).toBe(CODES.OK);
      const answer = await report(ctx, other, shop('400001'));
      expect(answer).toMatchObject({ code: CODES.NOT_AUTHORISED, msg: SHOP_MESSAGES.boundElsewhere });
    });

    it('validates the body, naming the field (A0400)', async () => {
      const member = await newMember(ctx, '专业版');
      const cases: Array<[unknown, RegExp]> = [
        [{ platform: 'taobao', externalId: '1', name: 'x' }, /平台不是可选的取值/],
        [{ platform: 'tiktok', externalId: '', name: 'x' }, /外部编号/],
        [{ platform: 'tiktok', externalId: '1 2', name: 'x' }, /外部编号只能包含字母、数字、下划线和连字符/],
        [{ platform: 'tiktok', externalId: '1' }, /名称不能为空/],
        [{ platform: 'tiktok', externalId: '1', name: '   ' }, /名称不能为空/],
        [{ platform: 'tiktok', externalId: '1', name: 'x', region: 'r'.repeat(33) }, /地区/],
        [{ platform: 'tiktok', externalId: '1', name: 'x', owner: 3 }, /请求中含有不支持的字段/],
        // Only in the shape of a shop (contract/scriptSandbox.ts): a script's read of the page can not ride along.
        [{ platform: 'tiktok', externalId: 'abc', name: '店' }, /^参数错误：店铺 ID 应为 4 到 32 位数字$/],
        [{ platform: 'tiktok', externalId: '1', name: 'x' }, /^参数错误：店铺 ID 应为 4 到 32 位数字$/],
        [{ platform: 'tiktok', externalId: '123456', name: 'seller@example.com' }, /^参数错误：店铺名称应为 1 到 64 个字符/],
        [{ platform: 'tiktok', externalId: '123456', name: 'csrf 9f8e7d6c5b4a39281706f5e4d3c2b1a0' }, /^参数错误：店铺名称应为/],
        [
          { platform: 'tiktok', externalId: '123456', name: '店', region: 'Kuala' },
          /^参数错误：店铺地区应为空，或两位大写的国家或地区代码$/,
        ],
      ];
      for (const [body, message] of cases) {
        const answer = await report(ctx, member, body as object);
        expect({ body, code: answer.code }).toEqual({ body, code: CODES.BAD_PARAMETERS });
        expect(answer.msg).toMatch(message);
      }
      expect(await rows(ctx.db, sql`select id from shops where account_id = ${member.id}`)).toHaveLength(0);
    });
  });

  describe('shop/list and shop/unbind', () => {
    it("answers only the account's own shops, paged and filtered", async () => {
      const token = await ctx.login(DEMO_ACCOUNTS.member.username);
      const all = await ctx.call<{ list: ShopItem[]; total: number; current: number; pageSize: number }>('shop/list', {}, { token });
      const seeded = DEMO_SHOPS.filter((item) => item.username === DEMO_ACCOUNTS.member.username);
      expect(all.content).toMatchObject({ total: seeded.length, current: 1, pageSize: 10 });
      expect(all.content.list.map((item) => item.externalId).sort()).toEqual(seeded.map((item) => item.externalId).sort());
      // Newest bind first.
      expect(all.content.list[0].name).toBe('星河好物旗舰店');

      const bound = await ctx.call<{ list: ShopItem[] }>('shop/list', { status: 'unbound' }, { token });
      expect(bound.content.list.map((item) => item.name)).toEqual(['星河家居生活馆']);
      const byName = await ctx.call<{ list: ShopItem[] }>('shop/list', { name: '家居' }, { token });
      expect(byName.content.list).toHaveLength(1);
      const byId = await ctx.call<{ list: ShopItem[] }>('shop/list', { name: '678901' }, { token });
      expect(byId.content.list.map((item) => item.name)).toEqual(['星河好物旗舰店']);
      const none = await ctx.call<{ list: ShopItem[] }>('shop/list', { platform: 'tiktok-us' }, { token });
      expect(none.content).toMatchObject({ list: [], total: 0 });
      const paged = await ctx.call<{ list: ShopItem[]; total: number }>('shop/list', { current: 2, pageSize: 1 }, { token });
      expect(paged.content).toMatchObject({ total: 2, current: 2, pageSize: 1 });
      expect(paged.content.list).toHaveLength(1);
      const past = await ctx.call<{ list: ShopItem[]; total: number }>('shop/list', { current: 9 }, { token });
      expect(past.content).toMatchObject({ list: [], total: 2 });

      expect((await ctx.call('shop/list', { status: 'gone' }, { token })).msg).toMatch(/状态不是可选的取值/);
    });

    it("answers another account's shop exactly like a shop that does not exist", async () => {
      const member = await newMember(ctx, '专业版');
      const sale = await ctx.login(DEMO_ACCOUNTS.salesperson.username);
      const [saleShop] = (await ctx.call<{ list: ShopItem[] }>('shop/list', {}, { token: sale })).content.list;
      const strip = ({ isSuccess, code, msg, content }: { isSuccess: boolean; code: string; msg: string; content: unknown }) => ({
        isSuccess,
        code,
        msg,
        content,
      });
      const refused = strip(await ctx.call('shop/unbind', { id: saleShop.id }, { token: member.token }));
      expect((await one(ctx.db, sql`select status from shops where id = ${saleShop.id}`)).status).toBe('bound');
      const missing = strip(await ctx.call('shop/unbind', { id: 987654 }, { token: member.token }));
      expect(missing).toMatchObject({ code: CODES.BAD_PARAMETERS });
      expect(missing.msg).toMatch(/店铺不存在/);
      expect(refused).toEqual(missing);
      expect((await ctx.call('shop/unbind', {}, { token: member.token })).msg).toMatch(/编号不能为空/);
    });

    it('refuses an account whose menus lack shop management (A0301)', async () => {
      const member = await newMember(ctx, '专业版');
      await ctx.db.execute(sql`delete from account_roles where account_id = ${member.id}`);
      expect((await ctx.call('shop/list', {}, { token: member.token })).code).toBe(CODES.NOT_AUTHORISED);
    });
  });

  describe('staff: shop/listAll and shop/forceUnbind', () => {
    it('lists every account’s shops with the account, searchable by username, platform and status', async () => {
      const token = await ctx.login(DEMO_ACCOUNTS.operator.username);
      const byUser = await ctx.call<{ list: AccountShopItem[]; total: number }>('shop/listAll', { username: 'demo_sa' }, { token });
      expect(byUser.content.list).toEqual([
        expect.objectContaining({
          username: 'demo_sale',
          name: 'Sunny Outdoor Store',
          platform: 'tiktok-us',
          status: 'bound',
          accountId: expect.any(Number),
        }),
      ]);
      const invalid = await ctx.call<{ list: AccountShopItem[] }>('shop/listAll', { status: 'invalid', platform: 'tiktok' }, { token });
      expect(invalid.content.list.map((item) => item.username)).toEqual(['demo_operator']);
      const all = await ctx.call<{ total: number }>('shop/listAll', {}, { token });
      expect(all.content.total).toBeGreaterThanOrEqual(DEMO_SHOPS.length);
    });

    it('refuses the calls to a member (A0301)', async () => {
      const token = await ctx.login(DEMO_ACCOUNTS.member.username);
      expect((await ctx.call('shop/listAll', {}, { token })).code).toBe(CODES.NOT_AUTHORISED);
      expect((await ctx.call('shop/forceUnbind', { id: 1 }, { token })).code).toBe(CODES.NOT_AUTHORISED);
    });

    it('force-unbinds any shop and writes who, what, when and from where to the audit log', async () => {
      const member = await newMember(ctx, '专业版');
      const reported = await report<ShopItem>(ctx, member, shop('500001'));
      const token = await ctx.login(DEMO_ACCOUNTS.operator.username);
      const answer = await ctx.call<ShopItem>('shop/forceUnbind', { id: reported.content.id }, { token, ip: '10.1.2.3' });
      expect(answer.content).toMatchObject({ id: reported.content.id, status: 'unbound' });

      const entry = await one(
        ctx.db,
        sql`select actor_id as "actorId", action, target_type as "targetType", target_id as "targetId", before, after, ip, at as "createdAt"
            from audit_log where action = 'shop.forceUnbind' and target_id = ${String(reported.content.id)}`,
      );
      expect(entry).toMatchObject({
        actorId: await accountId(ctx.db, DEMO_ACCOUNTS.operator.username),
        targetType: 'shop',
        ip: '10.1.2.3',
        before: expect.objectContaining({ status: 'bound', accountId: member.id, externalId: '500001' }),
        after: expect.objectContaining({ status: 'unbound' }),
      });
      expect(entry.createdAt).toBeTruthy();

      const twice = await ctx.call('shop/forceUnbind', { id: reported.content.id }, { token });
      expect(twice).toMatchObject({ code: CODES.BAD_PARAMETERS, msg: SHOP_MESSAGES.alreadyUnbound });
      const audits = await rows(
        ctx.db,
        sql`select id from audit_log where action = 'shop.forceUnbind' and target_id = ${String(reported.content.id)}`,
      );
      expect(audits).toHaveLength(1);
    });
  });
});
