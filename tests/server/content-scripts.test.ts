import { DEMO_ACCOUNTS } from '#contract/demoAccounts';
import { describeEachDatabase } from './support/databases';
import { one, sql } from './support/sql';

describeEachDatabase('content: scripts', (ctx) => {
  let admin: string;
  beforeAll(async () => {
    admin = await ctx.login(DEMO_ACCOUNTS.operator.username);
  });

  const create = (name: string, content = '{\n  "steps": []\n}') =>
    ctx.call('script/create', { kind: 'action', name, content, note: '初版' }, { token: admin });

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
    const notObject = await create('数字脚本', '42');
    expect(notObject.msg).toBe('参数错误：脚本内容应为 JSON 对象或数组');
    const unterminated = await create('未结束', '{"a": [1, 2');
    expect(unterminated.msg).toMatch(/^参数错误：第 1 行第 12 列：JSON 意外结束/);
  });

  it('saves every change as a new version, keeps the history, and restores an old one as a new version', async () => {
    const created = await create('版本测试');
    expect(created.content).toMatchObject({ name: '版本测试', currentVersion: 1, updatedBy: DEMO_ACCOUNTS.operator.username });
    const id = created.content.id;

    const saved = await ctx.call('script/save', { id, baseVersion: 1, content: '{"steps": [1]}', note: '第二版' }, { token: admin });
    expect(saved.content).toMatchObject({ currentVersion: 2, content: '{"steps": [1]}' });

    const badSave = await ctx.call('script/save', { id, baseVersion: 2, content: '{"steps": [1,]}' }, { token: admin });
    expect(badSave.msg).toBe('参数错误：第 1 行第 14 列：此处应为值，实际为“]”');

    const stale = await ctx.call('script/save', { id, baseVersion: 1, content: '{"steps": [2]}' }, { token: admin });
    expect(stale).toMatchObject({ code: 'A0400' });
    expect(stale.msg).toMatch(/第 2 版/);

    const unchanged = await ctx.call('script/save', { id, baseVersion: 2, content: '{"steps": [1]}' }, { token: admin });
    expect(unchanged.msg).toBe('参数错误：脚本内容与当前版本相同，无需保存');

    const history = await ctx.call('script/versions', { id }, { token: admin });
    expect(history.content.total).toBe(2);
    expect(history.content.list.map((row: any) => [row.version, row.note])).toEqual([
      [2, '第二版'],
      [1, '初版'],
    ]);

    const restored = await ctx.call('script/restore', { id, version: 1 }, { token: admin });
    expect(restored.content).toMatchObject({ currentVersion: 3, content: '{\n  "steps": []\n}' });
    const third = await ctx.call('script/version', { id, version: 3 }, { token: admin });
    expect(third.content).toMatchObject({ version: 3, note: '恢复自第 1 版', content: '{\n  "steps": []\n}' });
    // History is never rewritten: version 2 is still there.
    const second = await ctx.call('script/version', { id, version: 2 }, { token: admin });
    expect(second.content.content).toBe('{"steps": [1]}');

    const again = await ctx.call('script/restore', { id, version: 3 }, { token: admin });
    expect(again.msg).toBe('参数错误：该版本已是当前版本');
    const missing = await ctx.call('script/restore', { id, version: 9 }, { token: admin });
    expect(missing.msg).toBe('参数错误：该脚本版本不存在');

    const audited = await one(ctx.db, sql`select count(*)::int as n from audit_log where target_type = 'script' and target_id = ${String(id)}`);
    expect(audited.n).toBe(3);
  });

  it('renames (unique per kind) and enables or disables', async () => {
    const created = await create('改名前');
    const id = created.content.id;
    const renamed = await ctx.call('script/rename', { id, name: ' 改名后 ' }, { token: admin });
    expect(renamed.content.name).toBe('改名后');
    const taken = await ctx.call('script/rename', { id, name: '批量邀请达人' }, { token: admin });
    expect(taken.msg).toBe('参数错误：该名称已被同类脚本使用');
    const sameNameOtherKind = await ctx.call('script/create', { kind: 'url', name: '改名后', content: '[]' }, { token: admin });
    expect(sameNameOtherKind.isSuccess).toBe(true);
    const disabled = await ctx.call('script/setEnabled', { id, enabled: false }, { token: admin });
    expect(disabled.content).toMatchObject({ enabled: false, currentVersion: 1 });
    const enabledOnly = await ctx.call('script/list', { kind: 'action', enabled: false }, { token: admin });
    expect(enabledOnly.content.list.map((row: any) => row.name)).toEqual(['改名后']);
  });
});
