/**
 * Script health (脚本编辑): what the plug-in's run reports say of each script version — its runs by
 * status, its success rate, and the steps that failed with how often and when, first and last.
 */
import { CODES } from '#contract/codes';
import { DEMO_ACCOUNTS } from '#contract/demoAccounts';
import type { RunStarted } from '#contract/api/run';
import type { ScriptHealth, ScriptHealthSummary, ScriptListItem } from '#contract/api/script';
import type { Page } from '#contract/api';
import type { NotificationItem } from '#contract/api/notification';
import { announceFailingScripts } from '../../server/script/healthAlert';
import { describeEachDatabase } from './support/databases';

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
