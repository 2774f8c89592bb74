/**
 * Script health (脚本编辑): what the plug-in's run reports say of each script version — its runs by
 * status, its success rate, and the steps that failed with how often and when, first and last — and
 * the staged rollout it steers: a canary served to its cohort only, promoted by staff, or rolled back
 * by the server (once, across two instances) when its runs fail more than the stable version's.
 */
import { CODES } from '#contract/codes';
import { DEMO_ACCOUNTS } from '#contract/demoAccounts';
import type { RunStarted } from '#contract/api/run';
import type { ScriptHealth, ScriptHealthSummary, ScriptListItem } from '#contract/api/script';
import type { Page } from '#contract/api';
import type { NotificationItem } from '#contract/api/notification';
import type { PluginScripts } from '#contract/api/plugin';
import { ROLLOUT_ROLLBACK, rolloutBucket } from '#contract/rollout';
import { announceFailingScripts } from '../../server/script/healthAlert';
import { rollBackFailingCanaries } from '../../server/script/rollout';
import { SCRIPT_MESSAGES } from '../../server/script/messages';
import { ROLLOUT_BLOCKER_TEXT, ROLLOUT_EMPTY_TEXT } from '#contract/text/rollout';
import { describeEachDatabase } from './support/databases';
import { accountId, one, sql } from './support/sql';

describeEachDatabase('script health', (ctx) => {
  let admin: string;
  let member: { token: string; plugin: string };
  let action: ScriptListItem;
  let link: ScriptListItem;
  let serial = 0;

  beforeAll(async () => {
    admin = await ctx.login(DEMO_ACCOUNTS.superAdmin.username);
    const token = await ctx.login(DEMO_ACCOUNTS.member.username);
    member = { token, plugin: await ctx.pluginToken(token) };
    const list = async (kind: string, name: string) =>
      (await ctx.call<Page<ScriptListItem>>('script/list', { kind, name }, { token: admin })).content.list[0];
    action = await list('action', '批量邀请达人');
    link = await list('url', '达人广场');
  });

  /** A join the member runs with the live scripts, reported and ended as told. */
  async function join(ending: 'succeeded' | 'failed' | 'stopped', outcomes: Array<'joined' | 'failed'>, failedAt?: [number, string]) {
    serial += 1;
    const productIds = outcomes.map((_, index) => String(8_100_000 + serial * 10 + index));
    const started = await ctx.call<RunStarted>('run/start', { flow: 'join', platform: 'tiktok', productIds }, { token: member.token });
    expect(started.code).toBe(CODES.OK);
    const runId = started.content.runId;
    const scripts = [
      { scriptId: link.id, version: link.liveVersion },
      { scriptId: action.id, version: action.liveVersion },
    ];
    const items = productIds.map((productId, index) => ({ productId, outcome: outcomes[index] }));
    expect((await ctx.call('run/report', { runId, batch: 1, scripts, items }, { token: member.plugin })).code).toBe(CODES.OK);
    const failedStep = failedAt && {
      index: failedAt[0],
      name: failedAt[1],
      message: `第 ${failedAt[0]} 步（${failedAt[1]}）：未找到元素`,
      scriptId: action.id,
    };
    const finished = await ctx.call('run/finish', { runId, ending, ...(failedStep ? { failedStep } : {}) }, { token: member.plugin });
    expect(finished.code).toBe(CODES.OK);
  }

  it('counts each version’s ended runs by status, its success rate and its failing steps', async () => {
    await join('succeeded', ['joined', 'joined']);
    await join('failed', ['failed'], [3, 'click']);
    await join('failed', ['joined', 'failed'], [3, 'click']);
    await join('failed', ['failed'], [1, 'waitFor']);
    await join('stopped', ['joined']);
    // Still running: not counted.
    await ctx.call('run/start', { flow: 'join', platform: 'tiktok', productIds: ['8199999'] }, { token: member.token });

    const health = (await ctx.call<ScriptHealth>('script/health', { id: action.id }, { token: admin })).content;
    expect(health.scriptId).toBe(action.id);
    const live = health.versions.find((version) => version.version === action.liveVersion)!;
    expect(live).toMatchObject({ runs: 5, succeeded: 1, partlyFailed: 1, failed: 2, stopped: 1, successRate: 0.25 });
    expect(live.lastRunAt).not.toBeNull();
    expect(live.steps.map(({ index, name, failures }) => ({ index, name, failures }))).toEqual(
      expect.arrayContaining([
        { index: 3, name: 'click', failures: 2 },
        { index: 1, name: 'waitFor', failures: 1 },
      ]),
    );
    expect(live.steps).toHaveLength(2);
    // Newest failure first.
    expect(live.steps[0]).toMatchObject({ index: 1, name: 'waitFor' });
    const click = live.steps.find((step) => step.name === 'click')!;
    expect(Date.parse(click.firstSeen)).toBeLessThanOrEqual(Date.parse(click.lastSeen));

    // The link script ran in the same runs; the failing steps were the action's.
    const linkHealth = (await ctx.call<ScriptHealth>('script/health', { id: link.id }, { token: admin })).content;
    expect(linkHealth.versions.find((version) => version.version === link.liveVersion)).toMatchObject({ runs: 5, steps: [] });

    const overview = (await ctx.call<ScriptHealthSummary[]>('script/healthOverview', { kind: 'action' }, { token: admin })).content;
    expect(overview.find((row) => row.scriptId === action.id)).toMatchObject({
      version: action.liveVersion,
      runs: 5,
      successRate: 0.25,
      failingSteps: 2,
    });
    expect(overview.find((row) => row.scriptId === link.id)).toBeUndefined();
  });

  it('tells everyone holding 脚本编辑 once when a version’s recent runs fail too often', async () => {
    const failing = async () => {
      const list = (await ctx.call<Page<NotificationItem>>('notification/list', { pageSize: 100 }, { token: admin })).content.list;
      return list.filter((item) => item.kind === 'script.failing');
    };
    const ran = [
      { scriptId: link.id, version: link.liveVersion! },
      { scriptId: action.id, version: action.liveVersion! },
    ];
    // The first test's runs: 3 of 4 ended runs failed at a step, below SCRIPT_FAILURE_ALERT.minRuns.
    await announceFailingScripts(ctx.db, ran);
    expect(await failing()).toEqual([]);
    // The fifth: run/finish itself looks, and announces.
    await join('failed', ['failed'], [3, 'click']);
    const [item] = await failing();
    expect(item).toMatchObject({
      title: '脚本运行失败较多',
      text: `动作脚本「批量邀请达人」第 ${action.liveVersion} 版最近 5 次运行中有 4 次失败，多数失败在第 3 步（click），请检查页面是否有变化`,
      link: '/client/system/jsonEditer/actions',
    });
    // Once a version, however often it fails after that; a member does not see it.
    await join('failed', ['failed'], [3, 'click']);
    await announceFailingScripts(ctx.db, ran);
    expect(await failing()).toHaveLength(1);
    const memberItems = (await ctx.call<Page<NotificationItem>>('notification/list', { pageSize: 100 }, { token: member.token })).content
      .list;
    expect(memberItems.filter((entry) => entry.kind === 'script.failing')).toEqual([]);
  });

  describe('staged rollout', () => {
    let operator: string;
    let reviewer: string;
    let salesPlugin: string;
    let bind: PluginScripts['scripts'][number];
    let memberId: number;

    beforeAll(async () => {
      operator = await ctx.login(DEMO_ACCOUNTS.operator.username);
      reviewer = await ctx.login(DEMO_ACCOUNTS.reviewer.username);
      salesPlugin = await ctx.pluginToken(await ctx.login(DEMO_ACCOUNTS.salesperson.username));
      memberId = await accountId(ctx.db, DEMO_ACCOUNTS.member.username);
    });

    const served = async (plugin: string) => {
      const answer = await ctx.call<PluginScripts>('plugin/scripts', {}, { token: plugin });
      return { etag: answer.response.headers.etag, script: answer.content.scripts.find((script) => script.id === bind.id)! };
    };
    const detail = async () => (await ctx.call<ScriptListItem>('script/get', { id: bind.id }, { token: reviewer })).content;
    /** The operator saves a new version of the bind script (one more wait first); answers its revision. */
    const saveEdit = async (timeoutMs: number, token = operator) => {
      const current = await detail();
      const content = JSON.parse((await ctx.call<{ content: string }>('script/get', { id: bind.id }, { token: reviewer })).content.content);
      const saved = await ctx.call<ScriptListItem>(
        'script/save',
        {
          id: bind.id,
          baseVersion: current.currentVersion,
          content: JSON.stringify({ ...content, steps: [{ step: 'waitFor', selector: 'body', timeoutMs }, ...content.steps] }),
        },
        { token },
      );
      expect(saved.code).toBe(CODES.OK);
      return saved.content;
    };
    const approve = (revision: number, rollout?: object) =>
      ctx.call<ScriptListItem>('script/approve', { id: bind.id, revision, ...(rollout ? { rollout } : {}) }, { token: reviewer });
    const editorNotices = async (kind: string) =>
      (await ctx.call<Page<NotificationItem>>('notification/list', { pageSize: 100 }, { token: admin })).content.list.filter(
        (item) => item.kind === kind,
      );
    /** A bind the member ran with `version` of the bind script, ended failed at its step 2. */
    async function failedBind(version: number) {
      const started = await ctx.call<RunStarted>('run/start', { flow: 'bind', platform: 'tiktok' }, { token: member.token });
      const runId = started.content.runId;
      const scripts = [{ scriptId: bind.id, version }];
      expect((await ctx.call('run/report', { runId, batch: 1, scripts }, { token: member.plugin })).code).toBe(CODES.OK);
      const failedStep = { index: 2, name: 'read', message: '第 2 步（read）：未找到元素 #shop-name', scriptId: bind.id };
      expect((await ctx.call('run/finish', { runId, ending: 'failed', failedStep }, { token: member.plugin })).code).toBe(CODES.OK);
    }

    it('serves a canary to its cohort only, each answer its own ETag, and refuses other approvals until staff promote it', async () => {
      bind = (await ctx.call<PluginScripts>('plugin/scripts', {}, { token: member.plugin })).content.scripts.find(
        (script) => script.name === '读取店铺信息',
      )!;
      const stable = bind.version;
      const before = await served(salesPlugin);
      const saved = await saveEdit(3000);
      // The cohort is named: neither account's bucket matters at 0 %.
      const approved = await approve(saved.revision, { usernames: [DEMO_ACCOUNTS.member.username], percent: 0 });
      expect(approved.code).toBe(CODES.OK);
      expect(approved.content).toMatchObject({
        pending: false,
        liveVersion: stable + 1,
        rollout: { version: stable + 1, stableVersion: stable, usernames: [DEMO_ACCOUNTS.member.username], percent: 0 },
      });
      const inside = await served(member.plugin);
      const outside = await served(salesPlugin);
      expect(inside.script.version).toBe(stable + 1);
      expect(outside.script).toEqual(before.script);
      expect(outside.etag).toBe(before.etag);
      expect(inside.etag).not.toBe(outside.etag);
      const listed = (await ctx.call<Page<ScriptListItem>>('script/list', { kind: 'action', name: '读取店铺信息' }, { token: admin }))
        .content.list[0];
      expect(listed.rollout).toMatchObject({ version: stable + 1, startedBy: DEMO_ACCOUNTS.reviewer.username });

      // While it runs, the script takes no other approval.
      const next = await saveEdit(4000);
      expect((await approve(next.revision)).msg).toBe(SCRIPT_MESSAGES.rolloutRunning);
      expect((await ctx.call('script/promote', { id: bind.id }, { token: operator })).code).toBe(CODES.NOT_AUTHORISED);

      const promoted = await ctx.call<ScriptListItem>('script/promote', { id: bind.id }, { token: reviewer });
      expect(promoted.content).toMatchObject({ rollout: null, liveVersion: stable + 1, pending: true });
      expect((await served(salesPlugin)).script.version).toBe(stable + 1);
      expect((await editorNotices('script.promoted'))[0].text).toBe(
        `${DEMO_ACCOUNTS.reviewer.username} 将脚本「读取店铺信息」第 ${stable + 1} 版发布给所有账号`,
      );
      expect((await ctx.call('script/promote', { id: bind.id }, { token: reviewer })).msg).toBe(SCRIPT_MESSAGES.noRollout);
      // The later edit waits as before; approved at last with a share of the accounts by their bucket.
      const percent = rolloutBucket(memberId) + 1;
      expect((await approve((await detail()).revision, { usernames: [], percent })).code).toBe(CODES.OK);
      expect((await served(member.plugin)).script.version).toBe(stable + 2);
      const audit = await one(
        ctx.db,
        sql`select count(*)::int as n from audit_log where action = 'script.promote' and target_id = ${String(bind.id)}`,
      );
      expect(audit).toEqual({ n: 1 });
    });

    it('rolls a canary back by itself when its runs fail more than the stable version’s: the old version everywhere, the new one pending again', async () => {
      const canary = (await detail()).rollout!;
      for (let run = 1; run < ROLLOUT_ROLLBACK.minRuns; run += 1) await failedBind(canary.version);
      expect((await detail()).rollout).not.toBeNull();
      // An edit saved meanwhile stays pending, its author beside the canary's.
      await saveEdit(5000, admin);
      await failedBind(canary.version);
      const after = await detail();
      expect(after).toMatchObject({
        rollout: null,
        liveVersion: canary.stableVersion,
        currentVersion: canary.version + 1,
        pending: true,
        pendingAuthors: [DEMO_ACCOUNTS.superAdmin.username, DEMO_ACCOUNTS.operator.username],
      });
      expect((await served(member.plugin)).script.version).toBe(canary.stableVersion);
      const [notice] = await editorNotices('script.rolledBack');
      expect(notice.text).toBe(
        `脚本「读取店铺信息」第 ${canary.version} 版灰度中 ${ROLLOUT_ROLLBACK.minRuns} 次运行有 ${ROLLOUT_ROLLBACK.minRuns} 次失败，明显多于第 ${canary.stableVersion} 版，已自动回滚到第 ${canary.stableVersion} 版`,
      );
      expect(
        await one(
          ctx.db,
          sql`select actor_id as "actorId", after->>'automatic' as automatic from audit_log where action = 'script.rollback'`,
        ),
      ).toEqual({ actorId: null, automatic: 'true' });
    });

    it('decides a rollback once when two instances look at once', async () => {
      // The newer version as a canary of its own: the runs before it do not count.
      expect((await approve((await detail()).revision, { usernames: [DEMO_ACCOUNTS.member.username], percent: 0 })).code).toBe(CODES.OK);
      const canary = (await detail()).rollout!;
      // Failed runs as the reports would leave them, without run/finish's own look.
      await ctx.db.execute(
        sql`insert into plugin_runs (account_id, flow, platform, status, scripts, failed_step_index, failed_script_id, failed_message, ended_at)
            select ${memberId}, 'bind', 'tiktok', 'failed', ${JSON.stringify([{ scriptId: bind.id, version: canary.version }])}::jsonb,
                   2, ${bind.id}, '未找到元素', now()
            from generate_series(1, ${ROLLOUT_ROLLBACK.minRuns})`,
      );
      const second = ctx.kind === 'postgres' ? (await ctx.openSecond()).db : ctx.db;
      const ran = [{ scriptId: bind.id, version: canary.version }];
      const decided = await Promise.all([rollBackFailingCanaries(ctx.db, ran), rollBackFailingCanaries(second, ran)]);
      expect(decided.flat()).toEqual([bind.id]);
      expect(await editorNotices('script.rolledBack')).toHaveLength(2);
      expect((await detail()).rollout).toBeNull();
    });

    it('refuses a rollout of a script the plug-in does not have, an unknown account, an empty cohort and a share out of range', async () => {
      const pending = await detail();
      const refusal = async (rollout: object) => (await approve(pending.revision, rollout)).msg;
      expect(await refusal({ usernames: ['nobody_here'], percent: 10 })).toBe(SCRIPT_MESSAGES.rolloutUnknownAccounts(['nobody_here']));
      expect(await refusal({ usernames: [], percent: 0 })).toBe(ROLLOUT_EMPTY_TEXT);
      const outOfRange = await approve(pending.revision, { usernames: [], percent: 101 });
      expect(outOfRange.code).toBe(CODES.BAD_PARAMETERS);
      expect(outOfRange.status).toBeLessThan(500);
      const created = await ctx.call<ScriptListItem>(
        'script/create',
        { kind: 'action', name: `灰度测试 ${ctx.kind}`, content: '{"flow": "stop", "steps": [{"step": "click", "selector": "#stop"}]}' },
        { token: operator },
      );
      const neverLive = await ctx.call(
        'script/approve',
        { id: created.content.id, revision: created.content.revision, rollout: { usernames: [], percent: 50 } },
        { token: reviewer },
      );
      expect(neverLive.msg).toBe(ROLLOUT_BLOCKER_TEXT.needsLive);
      expect((await ctx.call('script/rollback', { id: created.content.id }, { token: reviewer })).msg).toBe(SCRIPT_MESSAGES.noRollout);
      // Nothing refused changed what the plug-in gets.
      expect((await detail()).pending).toBe(true);
    });
  });

  it('announces a failing version once when two instances look at once', async () => {
    const failing = async () =>
      (await ctx.call<Page<NotificationItem>>('notification/list', { pageSize: 100 }, { token: admin })).content.list.filter(
        (item) => item.kind === 'script.failing',
      );
    const before = (await failing()).length;
    // A version no run announced yet, with enough failed runs as the reports would leave them.
    const version = action.liveVersion! + 100;
    await ctx.db.execute(
      sql`insert into plugin_runs (account_id, flow, platform, status, scripts, failed_step_index, failed_step_name, failed_script_id, failed_message, ended_at)
          select (select id from accounts where username = ${DEMO_ACCOUNTS.member.username}), 'join', 'tiktok', 'failed',
                 ${JSON.stringify([{ scriptId: action.id, version }])}::jsonb, 2, 'click', ${action.id}, '未找到元素', now()
          from generate_series(1, 5)`,
    );
    const second = ctx.kind === 'postgres' ? (await ctx.openSecond()).db : ctx.db;
    const ran = [{ scriptId: action.id, version }];
    await Promise.all([announceFailingScripts(ctx.db, ran), announceFailingScripts(second, ran), announceFailingScripts(ctx.db, ran)]);
    expect((await failing()).length).toBe(before + 1);
  });

  it('answers a script that never ran with no versions, and refuses a member and a bad id', async () => {
    const created = await ctx.call<{ id: number }>(
      'script/create',
      { kind: 'action', name: `健康度测试 ${ctx.kind}`, content: '{"flow": "stop", "steps": [{"step": "click", "selector": "#stop"}]}' },
      { token: admin },
    );
    expect(created.code).toBe(CODES.OK);
    expect((await ctx.call<ScriptHealth>('script/health', { id: created.content.id }, { token: admin })).content).toEqual({
      scriptId: created.content.id,
      versions: [],
    });
    expect((await ctx.call('script/health', { id: action.id }, { token: member.token })).code).toBe(CODES.NOT_AUTHORISED);
    for (const id of [0, -1, 2 ** 31, '1', 1.5]) {
      const answer = await ctx.call('script/health', { id }, { token: admin });
      expect(answer.code).toBe(CODES.BAD_PARAMETERS);
      expect(answer.status).toBeLessThan(500);
    }
    expect((await ctx.call('script/healthOverview', { kind: 'other' }, { token: admin })).code).toBe(CODES.BAD_PARAMETERS);
  });
});
