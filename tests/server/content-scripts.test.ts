import { scriptContentProblem } from '#contract/content';
import { DEMO_ACCOUNTS } from '#contract/demoAccounts';
import { DEMO_UPGRADE_NOTE, seedDemoContent } from '../../server/seed/domains/content';
import { SANDBOX_ATTACKS } from '../support/sandboxAttacks';
import { describeEachDatabase } from './support/databases';
import { one, sql } from './support/sql';

/** The test servers run in demo mode, where the local test pages are sites (contract/scriptSandbox.ts). */
const DEMO_SITES = { testSites: true };

describeEachDatabase('content: scripts', (ctx) => {
  let admin: string;
  beforeAll(async () => {
    admin = await ctx.login(DEMO_ACCOUNTS.operator.username);
  });

  const STOP = '{\n  "flow": "stop",\n  "steps": [{ "step": "click", "selector": "#stop" }]\n}';
  const step = (selector: string) => `{"flow": "stop", "steps": [{"step": "click", "selector": "${selector}"}]}`;
  const create = (name: string, content = STOP) =>
    ctx.call('script/create', { kind: 'action', name, content, note: '初版' }, { token: admin });

  it.each(SANDBOX_ATTACKS)('refuses $name with A0400, naming its line', async ({ kind, text, line, problem }) => {
    const answer = await ctx.call('script/create', { kind, name: `越权脚本 ${line}`, content: text, note: '初版' }, { token: admin });
    expect(answer).toMatchObject({ code: 'A0400', msg: `参数错误：第 ${line} 行：${problem}` });
  });

  it('is refused without the grant', async () => {
    const member = await ctx.login(DEMO_ACCOUNTS.member.username);
    const answer = await ctx.call('script/list', { kind: 'action' }, { token: member });
    expect(answer.code).toBe('A0301');
  });

  it('lists the demo scripts of a kind, paged and filtered', async () => {
    const answer = await ctx.call('script/list', { kind: 'url', pageSize: 1 }, { token: admin });
    expect(answer.content).toMatchObject({ total: 2, current: 1, pageSize: 1 });
    expect(answer.content.list[0]).toEqual({
      id: expect.any(Number),
      kind: 'url',
      name: expect.any(String),
      enabled: true,
      currentVersion: 2,
      updatedBy: DEMO_ACCOUNTS.superAdmin.username,
      updatedAt: expect.stringMatching(/Z$/),
      // The seed's scripts are live as seeded (a reviewed change of the code).
      pending: false,
      liveVersion: 2,
      revision: 1,
      pendingAuthors: [],
      rollout: null,
    });
    const filtered = await ctx.call('script/list', { kind: 'action', name: '邀请' }, { token: admin });
    expect(filtered.content.list.map((row: any) => row.name)).toEqual(['批量邀请达人']);
  });

  it('refuses invalid JSON with its line and column, before storing anything', async () => {
    const answer = await create('坏脚本', '{\n  "a": 1,\n  "b": }');
    expect(answer).toMatchObject({ isSuccess: false, code: 'A0400' });
    expect(answer.msg).toBe('参数错误：第 3 行第 8 列：此处应为值，实际为“}”');
    const count = await one(ctx.db, sql`select count(*)::int as n from scripts where name = '坏脚本'`);
    expect(count.n).toBe(0);
    const unterminated = await create('未结束', '{"a": [1, 2');
    expect(unterminated.msg).toMatch(/^参数错误：第 1 行第 12 列：JSON 意外结束/);
  });

  it('refuses a script outside the step language, naming its line and step (create, save and restore)', async () => {
    const notObject = await create('数字脚本', '42');
    expect(notObject.msg).toBe('参数错误：第 1 行：动作脚本应为对象：{"flow": "bind", "steps": [...]}');
    const missing = await create(
      '缺少选择器',
      '{\n  "flow": "join",\n  "steps": [\n    { "step": "waitFor", "selector": "#a" },\n    { "step": "click", "selector": "#b" },\n    { "step": "click" }\n  ]\n}',
    );
    expect(missing).toMatchObject({ isSuccess: false, code: 'A0400', msg: '参数错误：第 6 行：第 3 步（click）缺少 selector' });
    const unknownStep = await create('执行代码', '{"flow": "bind", "steps": [{"step": "eval", "code": "alert(1)"}]}');
    expect(unknownStep.msg).toMatch(/^参数错误：第 1 行：第 1 步：未知的步骤 eval/);
    const unknownKey = await create('未知数据', '{"flow": "bind", "steps": [{"step": "assert", "that": {"empty": {"from": "token"}}}]}');
    expect(unknownKey.msg).toBe('参数错误：第 1 行：第 1 步（assert）的 empty 引用了未知的数据键 token（此处可用：shop-type）');
    const link = await ctx.call(
      'script/create',
      { kind: 'url', name: '坏链接', content: '{"links": [{"match": ["example.com"], "flow": "bind", "action": "x"}]}' },
      { token: admin },
    );
    expect(link.msg).toBe('参数错误：第 1 行：第 1 条链接的 match 第 1 项不是网址匹配模式（如 https://seller.example.com/*）');
    const stored = await one(
      ctx.db,
      sql`select count(*)::int as n from scripts where name in ('数字脚本', '缺少选择器', '执行代码', '未知数据', '坏链接')`,
    );
    expect(stored.n).toBe(0);

    // Save checks the script's own kind: a valid action script is not a link script.
    const created = await create('按类型检查');
    const id = created.content.id;
    const asLink = await ctx.call('script/create', { kind: 'url', name: '按类型检查', content: STOP }, { token: admin });
    expect(asLink.msg).toMatch(/^参数错误：第 2 行：链接脚本有未知的字段 flow/);
    const badSave = await ctx.call(
      'script/save',
      { id, baseVersion: 1, content: '{"flow": "stop", "steps": [{"step": "click", "selector": ""}]}' },
      { token: admin },
    );
    expect(badSave.msg).toBe('参数错误：第 1 行：第 1 步（click）的 selector 应为非空的 CSS 选择器');
    expect((await ctx.call('script/get', { id }, { token: admin })).content.currentVersion).toBe(1);

    // A version from before the step language is not restored.
    await ctx.db.execute(
      sql`insert into script_versions (script_id, version, content, note) values (${id}, 2, '{"steps": [1]}', '旧格式')`,
    );
    await ctx.db.execute(sql`update scripts set current_version = 2 where id = ${id}`);
    const fixed = await ctx.call('script/save', { id, baseVersion: 2, content: step('#fixed') }, { token: admin });
    expect(fixed.content.currentVersion).toBe(3);
    const restoreOld = await ctx.call('script/restore', { id, version: 2 }, { token: admin });
    expect(restoreOld.msg).toMatch(/^参数错误：第 2 版不是有效的脚本，不能恢复：第 1 行：动作脚本缺少 flow/);
  });

  it('seeds demo scripts valid in the step language, and rewrites old demo scripts of an existing database', async () => {
    const current = (name: string) =>
      one<{ id: number; kind: 'action' | 'url'; version: number; content: string; note: string }>(
        ctx.db,
        sql`select s.id, s.kind, v.version, v.content, v.note from scripts s
            join script_versions v on v.script_id = s.id and v.version = s.current_version where s.name = ${name}`,
      );
    for (const name of ['批量邀请达人', '停止达人邀约', '读取店铺信息', '达人广场', '店铺后台']) {
      const row = await current(name);
      expect([name, scriptContentProblem(row.kind, row.content, DEMO_SITES)]).toEqual([name, null]);
    }
    // A database seeded before the step language: 达人广场's current version is the old free-form one.
    const before = await current('达人广场');
    await ctx.db.execute(
      sql`insert into script_versions (script_id, version, content, note) values (${before.id}, ${before.version + 1}, '{"url": "https://affiliate.example.com/creators"}', '旧演示脚本')`,
    );
    await ctx.db.execute(sql`update scripts set current_version = ${before.version + 1} where id = ${before.id}`);
    await ctx.db.transaction((tx) => seedDemoContent(tx));
    const after = await current('达人广场');
    expect(after).toMatchObject({ version: before.version + 2, note: DEMO_UPGRADE_NOTE });
    expect(scriptContentProblem('url', after.content, DEMO_SITES)).toBeNull();
    // Valid scripts are left alone: seeding again changes nothing.
    await ctx.db.transaction((tx) => seedDemoContent(tx));
    expect((await current('达人广场')).version).toBe(after.version);
  });

  it('saves every change as a new version, keeps the history, and restores an old one as a new version', async () => {
    const created = await create('版本测试');
    expect(created.content).toMatchObject({ name: '版本测试', currentVersion: 1, updatedBy: DEMO_ACCOUNTS.operator.username });
    const id = created.content.id;

    const saved = await ctx.call('script/save', { id, baseVersion: 1, content: step('#second'), note: '第二版' }, { token: admin });
    expect(saved.content).toMatchObject({ currentVersion: 2, content: step('#second') });

    const badSave = await ctx.call('script/save', { id, baseVersion: 2, content: '{"steps": [1,]}' }, { token: admin });
    expect(badSave.msg).toBe('参数错误：第 1 行第 14 列：此处应为值，实际为“]”');

    const stale = await ctx.call('script/save', { id, baseVersion: 1, content: step('#stale') }, { token: admin });
    expect(stale).toMatchObject({ code: 'A0400' });
    expect(stale.msg).toMatch(/第 2 版/);

    const unchanged = await ctx.call('script/save', { id, baseVersion: 2, content: step('#second') }, { token: admin });
    expect(unchanged.msg).toBe('参数错误：脚本内容与当前版本相同，无需保存');

    const history = await ctx.call('script/versions', { id }, { token: admin });
    expect(history.content.total).toBe(2);
    expect(history.content.list.map((row: any) => [row.version, row.note])).toEqual([
      [2, '第二版'],
      [1, '初版'],
    ]);

    const restored = await ctx.call('script/restore', { id, version: 1 }, { token: admin });
    expect(restored.content).toMatchObject({ currentVersion: 3, content: STOP });
    const third = await ctx.call('script/version', { id, version: 3 }, { token: admin });
    expect(third.content).toMatchObject({ version: 3, note: '恢复自第 1 版', content: STOP });
    // History is never rewritten: version 2 is still there.
    const second = await ctx.call('script/version', { id, version: 2 }, { token: admin });
    expect(second.content.content).toBe(step('#second'));

    const again = await ctx.call('script/restore', { id, version: 3 }, { token: admin });
    expect(again.msg).toBe('参数错误：该版本已是当前版本');
    const missing = await ctx.call('script/restore', { id, version: 9 }, { token: admin });
    expect(missing.msg).toBe('参数错误：该脚本版本不存在');

    const audited = await one(
      ctx.db,
      sql`select count(*)::int as n from audit_log where target_type = 'script' and target_id = ${String(id)}`,
    );
    expect(audited.n).toBe(3);
  });

  it('renames (unique per kind) and enables or disables', async () => {
    const created = await create('改名前');
    const id = created.content.id;
    const renamed = await ctx.call('script/rename', { id, name: ' 改名后 ' }, { token: admin });
    expect(renamed.content.name).toBe('改名后');
    const taken = await ctx.call('script/rename', { id, name: '批量邀请达人' }, { token: admin });
    expect(taken.msg).toBe('参数错误：该名称已被同类脚本使用');
    const sameNameOtherKind = await ctx.call(
      'script/create',
      {
        kind: 'url',
        name: '改名后',
        content: '{"links": [{"match": ["https://affiliate.tiktok.com/*"], "flow": "stop", "action": "停止达人邀约"}]}',
      },
      { token: admin },
    );
    expect(sameNameOtherKind.isSuccess).toBe(true);
    const disabled = await ctx.call('script/setEnabled', { id, enabled: false }, { token: admin });
    expect(disabled.content).toMatchObject({ enabled: false, currentVersion: 1 });
    const enabledOnly = await ctx.call('script/list', { kind: 'action', enabled: false }, { token: admin });
    expect(enabledOnly.content.list.map((row: any) => row.name)).toEqual(['改名后']);
  });
  it('refuses a change that would break the set the plug-in downloads, and takes it once no link names the script', async () => {
    const action = (await create('守护动作')).content.id;
    const linkContent = (name: string) =>
      `{"links": [{"match": ["https://affiliate-us.tiktok.com/*"], "flow": "stop", "action": "${name}"}]}`;
    const link = await ctx.call('script/create', { kind: 'url', name: '守护链接', content: linkContent('守护动作') }, { token: admin });
    expect(link.isSuccess).toBe(true);
    const broken = '参数错误：插件会拒收改动后的整套脚本，未保存：链接脚本「守护链接」第 1 条链接的动作脚本「守护动作」不存在或未启用';

    expect((await ctx.call('script/setEnabled', { id: action, enabled: false }, { token: admin })).msg).toBe(broken);
    expect((await ctx.call('script/rename', { id: action, name: '守护动作二' }, { token: admin })).msg).toBe(broken);
    const otherFlow = await ctx.call(
      'script/save',
      { id: action, baseVersion: 1, content: '{"flow": "bind", "steps": [{"step": "report", "status": "fail", "message": "停"}]}' },
      { token: admin },
    );
    expect(otherFlow.msg).toBe(
      '参数错误：插件会拒收改动后的整套脚本，未保存：链接脚本「守护链接」第 1 条链接的流程是 stop，而动作脚本「守护动作」的流程是 bind',
    );
    const dangling = await ctx.call(
      'script/create',
      { kind: 'url', name: '悬空链接', content: linkContent('没有这个动作') },
      { token: admin },
    );
    expect(dangling).toMatchObject({ isSuccess: false, code: 'A0400', content: { field: 'content' } });
    const stored = await one(ctx.db, sql`select enabled, name, current_version as v from scripts where id = ${action}`);
    expect(stored).toEqual({ enabled: true, name: '守护动作', v: 1 });
    expect((await one(ctx.db, sql`select count(*)::int as n from scripts where name = '悬空链接'`)).n).toBe(0);

    // Side by side, a link to the action and the action's disabling can not both be taken.
    const [second, disabling] = await Promise.all([
      ctx.call('script/create', { kind: 'url', name: '守护链接二', content: linkContent('守护动作') }, { token: admin }),
      ctx.call('script/setEnabled', { id: action, enabled: false }, { token: admin }),
    ]);
    expect(second.isSuccess && disabling.isSuccess).toBe(false);
    if (second.isSuccess) await ctx.call('script/setEnabled', { id: second.content.id, enabled: false }, { token: admin });

    // The link script first, then the action: each step leaves a whole set.
    expect((await ctx.call('script/setEnabled', { id: link.content.id, enabled: false }, { token: admin })).isSuccess).toBe(true);
    expect((await ctx.call('script/setEnabled', { id: action, enabled: false }, { token: admin })).content.enabled).toBe(false);
  });
});
