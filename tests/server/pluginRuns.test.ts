/**
 * The plug-in's runs (运行记录): the console starts a run, the plug-in reports into it with its
 * plug-in token in numbered batches and finishes it; only the run's own account may, a batch sent
 * again changes nothing, and concurrent reports of one run through two instances count each item once.
 */
import { CODES } from '#contract/codes';
import type { Page } from '#contract/api/common';
import type { RunDetail, RunListItem, RunStarted, RunSummary } from '#contract/api/run';
import { DEMO_ACCOUNTS } from '#contract/demoAccounts';
import { RUN_COLUMNS } from '#contract/text/exports';
import { buildApp } from '../../server/app';
import { RUN_MESSAGES } from '../../server/run/messages';
import { keepRuns } from '../../server/run/housekeeping';
import { RUN_ABANDONED_MINUTES } from '#contract/runs';
import { describeEachDatabase, injectCall, type SuiteContext } from './support/databases';
import { accountId, one, sql } from './support/sql';

let serial = 0;

/** A fresh account with the level `levelName` (or none), its session token and its plug-in token. */
async function newMember(ctx: SuiteContext, levelName: string | null = '专业版') {
  serial += 1;
  const username = `run_${ctx.kind}_${serial}`;
  const password = 'Sturdy#Key-2468';
  expect((await ctx.call('account/register', { username, email: `${username}@example.com`, password })).code).toBe(CODES.OK);
  if (levelName) {
    await ctx.db.execute(
      sql`update accounts set membership_level_id = (select id from membership_levels where name = ${levelName}),
                              membership_expires_at = now() + interval '30 days'
          where username = ${username}`,
    );
  }
  const token = await ctx.login(username, password);
  return { id: await accountId(ctx.db, username), token, plugin: await ctx.pluginToken(token) };
}

type Member = Awaited<ReturnType<typeof newMember>>;

const ids = (count: number, from = 1) => Array.from({ length: count }, (_, index) => String(7_000_000_000 + from + index));

async function startJoin(ctx: SuiteContext, member: Member, productIds: string[]) {
  const started = await ctx.call<RunStarted>('run/start', { flow: 'join', platform: 'tiktok', productIds }, { token: member.token });
  expect(started.code).toBe(CODES.OK);
  return started.content.runId;
}

const runRow = (ctx: SuiteContext, runId: number) =>
  one(
    ctx.db,
    sql`select status, joined, already_joined as "alreadyJoined", failed, item_count as "itemCount" from plugin_runs where id = ${runId}`,
  );

describeEachDatabase('plug-in runs', (ctx) => {
  it('records a join: the scripts it ran, each id’s outcome, the counts and the status it ended with', async () => {
    const member = await newMember(ctx);
    const productIds = ids(4);
    const runId = await startJoin(ctx, member, productIds);
    const report = (body: object) => ctx.call('run/report', { runId, ...body }, { token: member.plugin });
    expect(
      (
        await report({
          batch: 1,
          scripts: [
            { scriptId: 2, version: 3 },
            { scriptId: 5, version: 1 },
          ],
          items: [
            { productId: productIds[0], outcome: 'joined' },
            { productId: productIds[1], outcome: 'alreadyJoined' },
          ],
        })
      ).content,
    ).toEqual({ accepted: true });
    expect(
      (
        await report({
          batch: 2,
          // The next page's scripts: added to the ones already recorded.
          scripts: [
            { scriptId: 2, version: 3 },
            { scriptId: 7, version: 1 },
          ],
          items: [{ productId: productIds[2], outcome: 'failed', reason: '第 4 步（click）：找不到元素' }],
        })
      ).code,
    ).toBe(CODES.OK);
    const finished = await ctx.call<RunSummary>(
      'run/finish',
      { runId, ending: 'failed', failedStep: { index: 4, name: 'click', message: '找不到元素 #invite', scriptId: 5 } },
      { token: member.plugin },
    );
    expect(finished.content).toMatchObject({
      id: runId,
      flow: 'join',
      status: 'partlyFailed',
      scripts: [
        { scriptId: 2, version: 3 },
        { scriptId: 5, version: 1 },
        { scriptId: 7, version: 1 },
      ],
      itemCount: 4,
      joined: 1,
      alreadyJoined: 1,
      failed: 1,
      failedStep: { index: 4, name: 'click', message: '找不到元素 #invite', scriptId: 5 },
    });
    expect(finished.content.endedAt).not.toBeNull();
    const detail = await ctx.call<RunDetail>('run/get', { id: runId }, { token: member.token });
    expect(detail.content.items.map(({ productId, outcome, reason }) => ({ productId, outcome, reason }))).toEqual([
      { productId: productIds[0], outcome: 'joined', reason: null },
      { productId: productIds[1], outcome: 'alreadyJoined', reason: null },
      { productId: productIds[2], outcome: 'failed', reason: '第 4 步（click）：找不到元素' },
      { productId: productIds[3], outcome: 'pending', reason: null },
    ]);
    // Ended: nothing more is taken.
    const late = await report({ batch: 3, items: [{ productId: productIds[3], outcome: 'joined' }] });
    expect(late).toMatchObject({ code: CODES.BAD_PARAMETERS, msg: RUN_MESSAGES.finished });
  });

  it('derives the status from the ending and the items', async () => {
    const member = await newMember(ctx);
    const finishWith = async (outcomes: string[], ending: string) => {
      const productIds = ids(outcomes.length, 100 + serial * 10);
      const runId = await startJoin(ctx, member, productIds);
      const items = productIds.flatMap((productId, index) =>
        outcomes[index] === 'pending' ? [] : [{ productId, outcome: outcomes[index] }],
      );
      if (items.length) await ctx.call('run/report', { runId, batch: 1, items }, { token: member.plugin });
      return (await ctx.call<RunSummary>('run/finish', { runId, ending }, { token: member.plugin })).content.status;
    };
    expect(await finishWith(['joined', 'alreadyJoined'], 'succeeded')).toBe('succeeded');
    expect(await finishWith(['joined', 'failed'], 'succeeded')).toBe('partlyFailed');
    // Told it succeeded with an id never reported: not every id was joined.
    expect(await finishWith(['joined', 'pending'], 'succeeded')).toBe('partlyFailed');
    expect(await finishWith(['failed', 'failed'], 'succeeded')).toBe('failed');
    expect(await finishWith(['pending'], 'failed')).toBe('failed');
    // Nothing reported item by item: the page took the list whole.
    expect(await finishWith(['pending', 'pending'], 'succeeded')).toBe('succeeded');
    expect(await finishWith(['joined', 'pending'], 'stopped')).toBe('stopped');
  });

  it('a stop, or a new join, ends the running join: the tab runs one at a time, and the old run takes no more reports', async () => {
    const member = await newMember(ctx);
    const first = await startJoin(ctx, member, ids(2, 200));
    const other = await newMember(ctx);
    const othersJoin = await startJoin(ctx, other, ids(1, 210));
    const second = await startJoin(ctx, member, ids(2, 220));
    expect((await runRow(ctx, first)).status).toBe('stopped');
    const stop = await ctx.call<RunStarted>('run/start', { flow: 'stop', platform: 'tiktok' }, { token: member.token });
    expect(stop.code).toBe(CODES.OK);
    expect((await runRow(ctx, second)).status).toBe('stopped');
    // Another member's join runs on.
    expect((await runRow(ctx, othersJoin)).status).toBe('running');
    const late = await ctx.call('run/report', { runId: second, batch: 1, items: [] }, { token: member.plugin });
    expect(late).toMatchObject({ code: CODES.BAD_PARAMETERS, msg: RUN_MESSAGES.finished });
    // The stop itself is a run of its own, finished by the plug-in.
    const stopped = await ctx.call<RunSummary>('run/finish', { runId: stop.content.runId, ending: 'succeeded' }, { token: member.plugin });
    expect(stopped.content).toMatchObject({ flow: 'stop', status: 'succeeded' });
  });

  it('a batch sent again changes nothing, and an item keeps its first outcome', async () => {
    const member = await newMember(ctx);
    const productIds = ids(2, 300);
    const runId = await startJoin(ctx, member, productIds);
    const batch = { runId, batch: 1, items: [{ productId: productIds[0], outcome: 'joined' }] };
    expect((await ctx.call('run/report', batch, { token: member.plugin })).content).toEqual({ accepted: true });
    expect((await ctx.call('run/report', batch, { token: member.plugin })).content).toEqual({ accepted: false });
    // Another batch naming the same id: the first report stands, the count does not move.
    await ctx.call(
      'run/report',
      { runId, batch: 2, items: [{ productId: productIds[0], outcome: 'failed', reason: 'x' }] },
      { token: member.plugin },
    );
    expect(await runRow(ctx, runId)).toMatchObject({ joined: 1, failed: 0, alreadyJoined: 0 });
    const items = await ctx.call<RunDetail>('run/get', { id: runId }, { token: member.token });
    expect(items.content.items[0]).toMatchObject({ outcome: 'joined', reason: null });
  });

  it('refuses a report of another account’s run, an id the run does not have, and items of a bind', async () => {
    const [member, other] = [await newMember(ctx), await newMember(ctx)];
    const productIds = ids(2, 400);
    const runId = await startJoin(ctx, member, productIds);
    const byOther = await ctx.call(
      'run/report',
      { runId, batch: 1, items: [{ productId: productIds[0], outcome: 'joined' }] },
      { token: other.plugin },
    );
    expect(byOther).toMatchObject({ code: CODES.BAD_PARAMETERS, msg: expect.stringContaining(RUN_MESSAGES.notFound) });
    expect((await ctx.call('run/finish', { runId, ending: 'succeeded' }, { token: other.plugin })).code).toBe(CODES.BAD_PARAMETERS);
    expect((await ctx.call('run/get', { id: runId }, { token: other.token })).code).toBe(CODES.BAD_PARAMETERS);
    const unknown = await ctx.call(
      'run/report',
      { runId, batch: 1, items: [{ productId: '123', outcome: 'joined' }] },
      { token: member.plugin },
    );
    expect(unknown).toMatchObject({ code: CODES.BAD_PARAMETERS, msg: expect.stringContaining(RUN_MESSAGES.unknownProduct('123')) });
    // The refused batch left nothing behind: its number is still free.
    expect(
      (
        await ctx.call(
          'run/report',
          { runId, batch: 1, items: [{ productId: productIds[0], outcome: 'joined' }] },
          { token: member.plugin },
        )
      ).content,
    ).toEqual({
      accepted: true,
    });
    const bind = await ctx.call<RunStarted>('run/start', { flow: 'bind', platform: 'tiktok' }, { token: member.token });
    const onBind = await ctx.call(
      'run/report',
      { runId: bind.content.runId, batch: 1, items: [{ productId: '1', outcome: 'joined' }] },
      { token: member.plugin },
    );
    expect(onBind).toMatchObject({ code: CODES.BAD_PARAMETERS, msg: expect.stringContaining(RUN_MESSAGES.itemsNotForFlow) });
    // The plug-in's calls take the plug-in token; the console's session token is refused.
    expect((await ctx.call('run/report', { runId, batch: 9 }, { token: member.token })).code).toBe(CODES.NOT_AUTHORISED);
  });

  it('starts a join only with a membership and within its product quota', async () => {
    const none = await newMember(ctx, null);
    const refused = await ctx.call('run/start', { flow: 'join', platform: 'tiktok', productIds: ids(1) }, { token: none.token });
    expect(refused).toMatchObject({ code: CODES.NOT_AUTHORISED, msg: RUN_MESSAGES.noMembership });
    // A stop needs no membership (it only ends what runs).
    expect((await ctx.call('run/start', { flow: 'stop', platform: 'tiktok' }, { token: none.token })).code).toBe(CODES.OK);
    const member = await newMember(ctx);
    const { quota } = await one(
      ctx.db,
      sql`select l.product_quota as quota from accounts a join membership_levels l on l.id = a.membership_level_id where a.id = ${member.id}`,
    );
    const over = await ctx.call(
      'run/start',
      { flow: 'join', platform: 'tiktok', productIds: ids(Number(quota) + 1) },
      { token: member.token },
    );
    expect(over).toMatchObject({
      code: CODES.BAD_PARAMETERS,
      msg: expect.stringContaining(RUN_MESSAGES.quotaExceeded(Number(quota), Number(quota) + 1)),
    });
    const withoutIds = await ctx.call('run/start', { flow: 'join', platform: 'tiktok' }, { token: member.token });
    expect(withoutIds).toMatchObject({ code: CODES.BAD_PARAMETERS, msg: expect.stringContaining(RUN_MESSAGES.productIdsRequired) });
    const idsOnBind = await ctx.call('run/start', { flow: 'bind', platform: 'tiktok', productIds: ids(1) }, { token: member.token });
    expect(idsOnBind.code).toBe(CODES.BAD_PARAMETERS);
    const badId = await ctx.call('run/start', { flow: 'join', platform: 'tiktok', productIds: ['12a'] }, { token: member.token });
    // Named in Chinese (contract/runFieldLabels.ts), never by its English name.
    expect(badId).toMatchObject({ code: CODES.BAD_PARAMETERS, msg: expect.stringContaining('商品 ID') });
  });

  it('two instances reporting batches of one run at once count every item exactly once', async () => {
    const second = ctx.kind === 'postgres' ? await buildApp({ db: (await ctx.openSecond()).db, config: ctx.config }) : ctx.app;
    try {
      const member = await newMember(ctx);
      const productIds = ids(200, 1000);
      const runId = await startJoin(ctx, member, productIds);
      // 20 batches of 10 ids, each sent twice (a retry), alternately through the two instances, all at once.
      const batches = Array.from({ length: 20 }, (_, index) => ({
        runId,
        batch: index + 1,
        items: productIds
          .slice(index * 10, index * 10 + 10)
          .map((productId, at) => ({ productId, outcome: at % 5 === 0 ? 'failed' : 'joined' })),
      }));
      const answers = await Promise.all(
        batches.flatMap((batch, index) => [
          injectCall(index % 2 ? second : ctx.app, 'run/report', batch, { token: member.plugin }),
          injectCall(index % 2 ? ctx.app : second, 'run/report', batch, { token: member.plugin }),
        ]),
      );
      expect(answers.every((answer) => answer.code === CODES.OK)).toBe(true);
      expect(answers.filter((answer) => (answer.content as { accepted: boolean }).accepted)).toHaveLength(20);
      expect(await runRow(ctx, runId)).toMatchObject({ joined: 160, failed: 40, alreadyJoined: 0, itemCount: 200 });
      const counted = await one(
        ctx.db,
        sql`select count(*) filter (where outcome = 'joined')::int as joined, count(*) filter (where outcome = 'failed')::int as failed
            from plugin_run_items where run_id = ${runId}`,
      );
      expect(counted).toEqual({ joined: 160, failed: 40 });
    } finally {
      if (second !== ctx.app) await second.close();
    }
  });

  it('ends a run the plug-in stopped reporting into, and prunes runs past the retention', async () => {
    // Three members: a member's new join would end its running one.
    const [member, other, third] = [await newMember(ctx), await newMember(ctx), await newMember(ctx)];
    const [quiet, active, old] = [
      await startJoin(ctx, member, ids(2, 5000)),
      await startJoin(ctx, other, ids(1, 5100)),
      await startJoin(ctx, third, ids(1, 5200)),
    ];
    const before = `${RUN_ABANDONED_MINUTES + 5} minutes`;
    await ctx.db.execute(sql`update plugin_runs set started_at = now() - ${before}::interval where id in (${quiet}, ${active})`);
    await ctx.call(
      'run/report',
      { runId: quiet, batch: 1, items: [{ productId: ids(1, 5000)[0], outcome: 'joined' }] },
      { token: member.plugin },
    );
    await ctx.db.execute(sql`update plugin_run_batches set received_at = now() - ${before}::interval where run_id = ${quiet}`);
    // `active` reported a moment ago: it is still running, however long ago it started.
    await ctx.call('run/report', { runId: active, batch: 1 }, { token: other.plugin });
    await ctx.db.execute(sql`update plugin_runs set started_at = now() - interval '91 days' where id = ${old}`);
    const done = await keepRuns(ctx.db);
    expect(done?.pruned).toBeGreaterThanOrEqual(1);
    const quietRun = await ctx.call<RunDetail>('run/get', { id: quiet }, { token: member.token });
    expect(quietRun.content).toMatchObject({
      status: 'partlyFailed',
      failedStep: { index: null, name: null, message: RUN_MESSAGES.abandoned },
    });
    expect((await runRow(ctx, active)).status).toBe('running');
    expect((await ctx.call('run/get', { id: old }, { token: third.token })).code).toBe(CODES.BAD_PARAMETERS);
    expect(await one(ctx.db, sql`select count(*)::int as n from plugin_run_items where run_id = ${old}`)).toEqual({ n: 0 });
  });

  describe('运行记录: run/mine, run/list (staff), run/get and their exports', () => {
    /** A member's three runs — a join that partly failed (with a named script), a bind, a stop — oldest first. */
    async function threeRuns(member: Member) {
      const productIds = ids(3, 8000 + serial * 10);
      const join = await startJoin(ctx, member, productIds);
      const script = await one(ctx.db, sql`select id, coalesce(live_name, name) as name from scripts order by id limit 1`);
      await ctx.call(
        'run/report',
        {
          runId: join,
          batch: 1,
          scripts: [{ scriptId: script.id, version: 1 }],
          items: [
            { productId: productIds[0], outcome: 'joined' },
            { productId: productIds[1], outcome: 'failed', reason: '找不到元素 #invite' },
          ],
        },
        { token: member.plugin },
      );
      await ctx.call(
        'run/finish',
        { runId: join, ending: 'failed', failedStep: { index: 4, name: 'click', message: '找不到元素 #invite' } },
        { token: member.plugin },
      );
      const bind = (await ctx.call<RunStarted>('run/start', { flow: 'bind', platform: 'tiktok' }, { token: member.token })).content.runId;
      const stop = (await ctx.call<RunStarted>('run/start', { flow: 'stop', platform: 'tiktok' }, { token: member.token })).content.runId;
      return { join, bind, stop, script: script as { id: number; name: string }, productIds };
    }

    const mine = (member: Member, body: object = {}) => ctx.call<Page<RunSummary>>('run/mine', body, { token: member.token });

    it('answers the member’s own runs, newest first, paged, by flow, status and start time, and never another’s', async () => {
      const [member, other] = [await newMember(ctx), await newMember(ctx)];
      const runs = await threeRuns(member);
      const othersRun = await startJoin(ctx, other, ids(1, 8900 + serial));
      const all = await mine(member);
      expect(all.code).toBe(CODES.OK);
      expect(all.content.list.map((run) => run.id)).toEqual([runs.stop, runs.bind, runs.join]);
      expect(all.content).toMatchObject({ total: 3, current: 1, pageSize: 10 });
      expect(all.content.list[2]).toMatchObject({
        flow: 'join',
        status: 'partlyFailed',
        itemCount: 3,
        joined: 1,
        failed: 1,
        failedStep: { index: 4, name: 'click', message: '找不到元素 #invite' },
      });
      const second = await mine(member, { current: 2, pageSize: 1 });
      expect(second.content).toMatchObject({ total: 3, current: 2, pageSize: 1 });
      expect(second.content.list.map((run) => run.id)).toEqual([runs.bind]);
      expect((await mine(member, { flow: 'join' })).content.list.map((run) => run.id)).toEqual([runs.join]);
      expect((await mine(member, { status: 'partlyFailed' })).content.list.map((run) => run.id)).toEqual([runs.join]);
      expect((await mine(member, { status: 'running' })).content.list.map((run) => run.id)).toEqual([runs.stop, runs.bind]);
      const hour = 3_600_000;
      const around = { startedFrom: new Date(Date.now() - hour).toISOString(), startedTo: new Date(Date.now() + hour).toISOString() };
      expect((await mine(member, around)).content.total).toBe(3);
      expect((await mine(member, { startedFrom: new Date(Date.now() + hour).toISOString() })).content.total).toBe(0);
      expect((await mine(member, { startedTo: new Date(Date.now() - hour).toISOString() })).content.total).toBe(0);
      // Another member's run is neither listed nor readable.
      expect((await mine(other)).content.list.map((run) => run.id)).toEqual([othersRun]);
      const foreign = await ctx.call('run/get', { id: othersRun }, { token: member.token });
      expect(foreign).toMatchObject({ code: CODES.BAD_PARAMETERS, msg: expect.stringContaining(RUN_MESSAGES.notFound) });
      // The member's own run, with its scripts named.
      const own = await ctx.call<RunDetail>('run/get', { id: runs.join }, { token: member.token });
      expect(own.content.scripts).toEqual([{ scriptId: runs.script.id, version: 1, name: runs.script.name }]);
      expect(own.content.account.id).toBe(member.id);
      expect(own.content.items.map((item) => item.outcome)).toEqual(['joined', 'failed', 'pending']);
    });

    it('answers staff every account’s runs within their grants, by username, and reads any of them', async () => {
      const member = await newMember(ctx);
      const runs = await threeRuns(member);
      const { username } = await one(ctx.db, sql`select username from accounts where id = ${member.id}`);
      const operator = await ctx.login(DEMO_ACCOUNTS.operator.username);
      const listed = await ctx.call<Page<RunListItem>>('run/list', { username: username.toUpperCase() }, { token: operator });
      expect(listed.code).toBe(CODES.OK);
      expect(listed.content.total).toBe(3);
      expect(listed.content.list.map((run) => [run.id, run.account.username])).toEqual([
        [runs.stop, username],
        [runs.bind, username],
        [runs.join, username],
      ]);
      expect((await ctx.call<Page<RunListItem>>('run/list', { username, flow: 'join' }, { token: operator })).content.total).toBe(1);
      const everyone = await ctx.call<Page<RunListItem>>('run/list', { pageSize: 100 }, { token: operator });
      expect(everyone.content.total).toBeGreaterThan(3);
      const detail = await ctx.call<RunDetail>('run/get', { id: runs.join }, { token: operator });
      expect(detail.content).toMatchObject({ id: runs.join, account: { id: member.id, username }, status: 'partlyFailed' });
      expect(detail.content.items).toHaveLength(3);
      // The super administrator's runs are beyond the operator's grants: neither listed nor readable.
      const admin = await ctx.login(DEMO_ACCOUNTS.superAdmin.username);
      const adminsStop = (await ctx.call<RunStarted>('run/start', { flow: 'stop', platform: 'tiktok' }, { token: admin })).content.runId;
      const adminName = DEMO_ACCOUNTS.superAdmin.username;
      expect((await ctx.call<Page<RunListItem>>('run/list', { username: adminName }, { token: operator })).content.total).toBe(0);
      expect((await ctx.call('run/get', { id: adminsStop }, { token: operator })).code).toBe(CODES.BAD_PARAMETERS);
      const byAdmin = await ctx.call<Page<RunListItem>>('run/list', { username: adminName }, { token: admin });
      expect(byAdmin.content.list.map((run) => run.id)).toContain(adminsStop);
    });

    it('refuses the lists without their grants, and bad filters in Chinese (A0400, never a 500)', async () => {
      const member = await newMember(ctx);
      expect((await ctx.call('run/list', {}, { token: member.token })).code).toBe(CODES.NOT_AUTHORISED);
      // An account without 运行记录's grant (its roles taken away) reads no runs at all.
      const bare = await newMember(ctx);
      await ctx.db.execute(sql`delete from account_roles where account_id = ${bare.id}`);
      expect((await ctx.call('run/mine', {}, { token: bare.token })).code).toBe(CODES.NOT_AUTHORISED);
      expect((await ctx.call('run/get', { id: 1 }, { token: bare.token })).code).toBe(CODES.NOT_AUTHORISED);
      const notADate = await ctx.call('run/mine', { startedFrom: 'yesterday' }, { token: member.token });
      expect(notADate).toMatchObject({ code: CODES.BAD_PARAMETERS, status: 200, msg: expect.stringContaining('开始时间（起）') });
      const badStatus = await ctx.call('run/mine', { status: 'done' }, { token: member.token });
      expect(badStatus).toMatchObject({ code: CODES.BAD_PARAMETERS, msg: expect.stringContaining('状态') });
      const operator = await ctx.login(DEMO_ACCOUNTS.operator.username);
      const badName = await ctx.call('run/list', { username: 'x'.repeat(65), startedTo: '2026-13-40' }, { token: operator });
      expect(badName.code).toBe(CODES.BAD_PARAMETERS);
      expect(badName.msg).toMatch(/[\u4e00-\u9fff]/);
      expect((await ctx.call('run/mine', { pageSize: 0 }, { token: member.token })).code).toBe(CODES.BAD_PARAMETERS);
    });

    it('exports the member’s runs and staff’s list with the screen’s columns, each behind its grant', async () => {
      const member = await newMember(ctx);
      await threeRuns(member);
      const exportFile = (path: string, body: object, token: string) =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/admin/${path}`,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
      const lines = (text: string) => text.slice(1).trimEnd().split('\r\n');
      const own = await exportFile('run/export', { format: 'csv' }, member.token);
      expect(own.statusCode).toBe(200);
      const [header, ...data] = lines(own.body);
      const { username: _staffOnly, ...memberColumns } = RUN_COLUMNS;
      expect(header.split(',')).toEqual(Object.values(memberColumns));
      expect(data).toHaveLength(3);
      // Newest first: the stop (no product counts), the bind, the join that partly failed.
      expect(data[0].split(',').slice(1, 9)).toEqual(['停止', 'TikTok Shop', '运行中', '', '', '', '', '']);
      expect(data[2]).toContain('部分失败,3,1,0,1,');
      expect(data[2]).toContain('第 4 步（click）：找不到元素 #invite');
      const joins = await exportFile('run/export', { flow: 'join', format: 'csv' }, member.token);
      expect(lines(joins.body)).toHaveLength(2);
      // Staff's list: the account column; a member may not export it.
      const { username } = await one(ctx.db, sql`select username from accounts where id = ${member.id}`);
      const operator = await ctx.login(DEMO_ACCOUNTS.operator.username);
      const all = await exportFile('run/exportAll', { username, format: 'csv' }, operator);
      expect(all.statusCode).toBe(200);
      const [allHeader, ...allData] = lines(all.body);
      expect(allHeader.split(',')).toEqual(Object.values(RUN_COLUMNS));
      expect(allData.map((line) => line.split(',')[1])).toEqual([username, username, username]);
      const refused = await exportFile('run/exportAll', { format: 'csv' }, member.token);
      expect(refused.json()).toMatchObject({ code: CODES.NOT_AUTHORISED });
    });
  });
});
