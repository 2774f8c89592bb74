/**
 * The kill switch and pacing of the plug-in's flows: staff with 暂停与节奏 pause a flow for every
 * platform or one, with a reason, and set a platform's pacing; `run/start` refuses a paused flow
 * and a join past the day's cap; the plug-in receives both with its scripts (a new ETag); every
 * account but the actor hears of a pause in the bell; each change is audited.
 */
import type { PluginControls, PluginScripts } from '#contract/api/plugin';
import type { RunStarted } from '#contract/api/run';
import { CODES } from '#contract/codes';
import { DEMO_ACCOUNTS } from '#contract/demoAccounts';
import { PACING_DEFAULT } from '#contract/runs';
import { SHOP_PLATFORMS } from '#contract/shopPlatforms';
import { PLUGIN_MESSAGES } from '../../server/plugin/messages';
import { describeEachDatabase, type SuiteContext } from './support/databases';
import { one, sql } from './support/sql';

const ids = (count: number, from = 1) => Array.from({ length: count }, (_, index) => String(8_000_000_000 + from + index));

describeEachDatabase('plug-in controls', (ctx) => {
  let operator: string;
  let member: string;
  let memberPlugin: string;

  beforeAll(async () => {
    operator = await ctx.login(DEMO_ACCOUNTS.operator.username);
    member = await ctx.login(DEMO_ACCOUNTS.member.username);
    memberPlugin = await ctx.pluginToken(member);
  });

  const start = (body: object, token = member) => ctx.call<RunStarted>('run/start', body, { token });
  const pause = (body: object, token = operator) => ctx.call<PluginControls>('plugin/pause', body, { token });
  const resume = (body: object, token = operator) => ctx.call<PluginControls>('plugin/resume', body, { token });
  const scriptsFor = (etag?: string) =>
    ctx.call<PluginScripts>('plugin/scripts', {}, { token: memberPlugin, headers: etag ? { 'if-none-match': etag } : {} });

  it('answers no pause and the default pacing of every platform at first', async () => {
    const answer = await ctx.call<PluginControls>('plugin/controls', {}, { token: member });
    expect(answer.code).toBe(CODES.OK);
    expect(answer.content).toEqual({
      pauses: [],
      pacing: SHOP_PLATFORMS.map(({ value }) => ({ platform: value, ...PACING_DEFAULT, custom: false })),
    });
  });

  it('a paused join is refused at start on its platform only, with the reason; the plug-in gets it with a new ETag; resuming lets it start', async () => {
    const before = await scriptsFor();
    const etag = before.response.headers.etag as string;
    expect(before.content.pauses).toEqual([]);

    const paused = await pause({ flow: 'join', platform: 'tiktok', reason: '  达人页面改版，修复前暂停 ' });
    expect(paused.code).toBe(CODES.OK);
    expect(paused.content.pauses).toEqual([
      { flow: 'join', platform: 'tiktok', reason: '达人页面改版，修复前暂停', pausedAt: expect.any(String) },
    ]);

    const refused = await start({ flow: 'join', platform: 'tiktok', productIds: ids(2) });
    expect(refused.code).toBe(CODES.BAD_PARAMETERS);
    expect(refused.msg).toBe('加入达人计划已暂停：达人页面改版，修复前暂停');
    expect((await start({ flow: 'join', platform: 'tiktok-us', productIds: ids(2) })).code).toBe(CODES.OK);
    expect((await start({ flow: 'bind', platform: 'tiktok' })).code).toBe(CODES.OK);
    expect((await start({ flow: 'stop', platform: 'tiktok' })).code).toBe(CODES.OK);

    const after = await scriptsFor(etag);
    expect(after.status).toBe(200);
    expect(after.content.pauses).toEqual(paused.content.pauses);
    expect(after.content.scripts).toEqual(before.content.scripts);
    // Unchanged since: 304, no body.
    const unchanged = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/plugin/scripts',
      headers: {
        authorization: `Bearer ${memberPlugin}`,
        'content-type': 'application/json',
        'if-none-match': after.response.headers.etag as string,
      },
      payload: '{}',
    });
    expect(unchanged.statusCode).toBe(304);

    // Pausing the paused scope again changes its reason only.
    const again = await pause({ flow: 'join', platform: 'tiktok', reason: '等待新版脚本审核' });
    expect(again.content.pauses).toHaveLength(1);
    expect(again.content.pauses[0].reason).toBe('等待新版脚本审核');

    const resumed = await resume({ flow: 'join', platform: 'tiktok' });
    expect(resumed.content.pauses).toEqual([]);
    expect((await start({ flow: 'join', platform: 'tiktok', productIds: ids(2) })).code).toBe(CODES.OK);
    const notPaused = await resume({ flow: 'join', platform: 'tiktok' });
    expect(notPaused.code).toBe(CODES.BAD_PARAMETERS);
    expect(notPaused.msg).toBe(`参数错误：${PLUGIN_MESSAGES.notPaused}`);
  });

  it('a pause of every platform stops the flow on each; audited and announced to everyone but the actor', async () => {
    const reason = '平台接口维护';
    expect((await pause({ flow: 'bind', platform: null, reason })).code).toBe(CODES.OK);
    for (const { value } of SHOP_PLATFORMS) expect((await start({ flow: 'bind', platform: value })).code).toBe(CODES.BAD_PARAMETERS);
    // A platform's own pause beside it: the flow stays paused until both are lifted.
    expect((await pause({ flow: 'bind', platform: 'tiktok-us', reason: '另一原因' })).code).toBe(CODES.OK);
    // Both apply: the platform's own reason is the one given (as the console's buttons give it).
    expect((await start({ flow: 'bind', platform: 'tiktok-us' })).msg).toBe('绑定店铺已暂停：另一原因');
    expect((await start({ flow: 'bind', platform: 'tiktok' })).msg).toBe(`绑定店铺已暂停：${reason}`);
    expect((await resume({ flow: 'bind', platform: null })).code).toBe(CODES.OK);
    expect((await start({ flow: 'bind', platform: 'tiktok' })).code).toBe(CODES.OK);
    expect((await start({ flow: 'bind', platform: 'tiktok-us' })).msg).toBe('绑定店铺已暂停：另一原因');
    expect((await resume({ flow: 'bind', platform: 'tiktok-us' })).code).toBe(CODES.OK);

    const audited = await one(
      ctx.db,
      sql`select count(*)::int as count from audit_log where action in ('plugin.pause', 'plugin.resume') and target_id like 'bind:%'`,
    );
    expect(audited.count).toBe(4);
    const memberItems = await ctx.call('notification/list', { current: 1, pageSize: 50 }, { token: member });
    const titles = (memberItems.content.list as Array<{ title: string; text: string }>).map((item) => `${item.title}|${item.text}`);
    expect(titles).toContain(`插件流程已暂停|绑定店铺（所有平台）已暂停：${reason}`);
    expect(titles).toContain('插件流程已恢复|绑定店铺（所有平台）已恢复，可以重新发起');
    const operatorItems = await ctx.call('notification/list', { current: 1, pageSize: 50 }, { token: operator });
    expect((operatorItems.content.list as Array<{ title: string }>).filter((item) => item.title.startsWith('插件流程'))).toEqual([]);
  });

  it('only holders of 暂停与节奏 change them; bad input is refused in Chinese', async () => {
    expect((await pause({ flow: 'join', platform: null, reason: '试试' }, member)).code).toBe(CODES.NOT_AUTHORISED);
    expect(
      (
        await ctx.call(
          'plugin/setPacing',
          { platform: 'tiktok', itemsPerMinute: 1, delayMinMs: 0, delayMaxMs: 0, dailyCap: 1 },
          { token: member },
        )
      ).code,
    ).toBe(CODES.NOT_AUTHORISED);
    const blank = await pause({ flow: 'join', platform: null, reason: '   ' });
    expect([blank.code, blank.msg]).toEqual([CODES.BAD_PARAMETERS, `参数错误：${PLUGIN_MESSAGES.pauseReasonRequired}`]);
    expect((await pause({ flow: 'stop', platform: null, reason: '停止不能暂停' })).code).toBe(CODES.BAD_PARAMETERS);
    expect((await pause({ flow: 'join', platform: 'amazon', reason: '未知平台' })).code).toBe(CODES.BAD_PARAMETERS);
    expect((await pause({ flow: 'join', platform: null, reason: '长'.repeat(201) })).code).toBe(CODES.BAD_PARAMETERS);
    const crossed = await ctx.call(
      'plugin/setPacing',
      { platform: 'tiktok', itemsPerMinute: 5, delayMinMs: 9000, delayMaxMs: 1000, dailyCap: 10 },
      { token: operator },
    );
    expect([crossed.code, crossed.msg]).toEqual([CODES.BAD_PARAMETERS, `参数错误：${PLUGIN_MESSAGES.delaysOutOfOrder}`]);
    expect(
      (
        await ctx.call(
          'plugin/setPacing',
          { platform: 'tiktok', itemsPerMinute: 0, delayMinMs: 0, delayMaxMs: 0, dailyCap: 10 },
          { token: operator },
        )
      ).code,
    ).toBe(CODES.BAD_PARAMETERS);
    expect((await ctx.call<PluginControls>('plugin/controls', {}, { token: member })).content.pauses).toEqual([]);
  });

  it('a join that would pass the day’s cap of its platform is refused at start; reported items count, a stopped join’s pending ones do not', async () => {
    const pacing = { platform: 'tiktok', itemsPerMinute: 6, delayMinMs: 1000, delayMaxMs: 3000, dailyCap: 3 };
    const set = await ctx.call<PluginControls>('plugin/setPacing', pacing, { token: operator });
    expect(set.code).toBe(CODES.OK);
    expect(set.content.pacing.find((entry) => entry.platform === 'tiktok')).toEqual({ ...pacing, custom: true });
    expect((await scriptsFor()).content.pacing).toEqual(set.content.pacing);

    // A fresh member, so that the joins of the other cases do not count.
    const username = `pace_${ctx.kind}`;
    const password = 'Sturdy#Key-2468';
    expect((await ctx.call('account/register', { username, email: `${username}@example.com`, password })).code).toBe(CODES.OK);
    await ctx.db.execute(
      sql`update accounts set membership_level_id = (select id from membership_levels where name = '专业版'),
                              membership_expires_at = now() + interval '30 days' where username = ${username}`,
    );
    const token = await ctx.login(username, password);
    const plugin = await ctx.pluginToken(token);

    const first = await start({ flow: 'join', platform: 'tiktok', productIds: ids(2, 100) }, token);
    expect([first.code, first.msg]).toEqual([CODES.OK, expect.any(String)]);
    const runId = first.content.runId;
    const report = await ctx.call(
      'run/report',
      { runId, batch: 1, items: ids(2, 100).map((productId) => ({ productId, outcome: 'joined' })) },
      { token: plugin },
    );
    expect(report.code).toBe(CODES.OK);
    expect((await ctx.call('run/finish', { runId, ending: 'succeeded' }, { token: plugin })).code).toBe(CODES.OK);

    const over = await start({ flow: 'join', platform: 'tiktok', productIds: ids(2, 200) }, token);
    expect([over.code, over.msg]).toEqual([CODES.BAD_PARAMETERS, PLUGIN_MESSAGES.dailyCapReached(3, 2, 2)]);
    // Another platform has its own cap (the default).
    expect((await start({ flow: 'join', platform: 'tiktok-us', productIds: ids(2, 200) }, token)).code).toBe(CODES.OK);
    // One more fits. Stopped before it reported its item, it leaves the place free for the next.
    expect((await start({ flow: 'join', platform: 'tiktok', productIds: ids(1, 300) }, token)).code).toBe(CODES.OK);
    expect((await start({ flow: 'stop', platform: 'tiktok' }, token)).code).toBe(CODES.OK);
    const last = await start({ flow: 'join', platform: 'tiktok', productIds: ids(1, 400) }, token);
    expect(last.code).toBe(CODES.OK);
    // Its item reported (failed counts too), the day is full.
    await ctx.call(
      'run/report',
      { runId: last.content.runId, batch: 1, items: [{ productId: ids(1, 400)[0], outcome: 'failed', reason: '页面没有响应' }] },
      { token: plugin },
    );
    const full = await start({ flow: 'join', platform: 'tiktok', productIds: ids(1, 500) }, token);
    expect([full.code, full.msg]).toEqual([CODES.BAD_PARAMETERS, PLUGIN_MESSAGES.dailyCapReached(3, 3, 1)]);

    const audited = await one(ctx.db, sql`select before, after from audit_log where action = 'plugin.setPacing' order by id desc limit 1`);
    const side = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);
    expect(side(audited.before)).toEqual({ platform: 'tiktok', ...PACING_DEFAULT, custom: false });
    expect(side(audited.after)).toEqual(pacing);
  });
});

/** Two transactions pausing one scope at once (PostgreSQL: PGlite runs one at a time): one row. */
describeEachDatabase(
  'plug-in controls at once',
  (ctx: SuiteContext) => {
    it('two pauses of one scope at once leave one pause', async () => {
      const operator = await ctx.login(DEMO_ACCOUNTS.operator.username);
      const admin = await ctx.login(DEMO_ACCOUNTS.superAdmin.username);
      const answers = await Promise.all([
        ctx.call('plugin/pause', { flow: 'join', platform: 'tiktok', reason: '甲' }, { token: operator }),
        ctx.call('plugin/pause', { flow: 'join', platform: 'tiktok', reason: '乙' }, { token: admin }),
      ]);
      expect(answers.map((answer) => answer.code)).toEqual([CODES.OK, CODES.OK]);
      const rows = await one(ctx.db, sql`select count(*)::int as count from plugin_pauses where flow = 'join' and platform = 'tiktok'`);
      expect(rows.count).toBe(1);
    });
  },
  { kinds: ['postgres'] },
);
