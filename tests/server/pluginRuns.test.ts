/**
 * The plug-in's runs (运行记录): the console starts a run, the plug-in reports into it with its
 * plug-in token in numbered batches and finishes it; only the run's own account may, a batch sent
 * again changes nothing, and concurrent reports of one run through two instances count each item once.
 */
import { CODES } from '#contract/codes';
import type { RunDetail, RunStarted, RunSummary } from '#contract/api/run';
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
    const done = await keepRuns(ctx.db, { runRetentionDays: 90 });
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
});
