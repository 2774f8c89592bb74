import { DEMO_ACCOUNTS } from '#contract/demoAccounts';
import { CONTENT_TEXT } from '#contract/content';
import { describeEachDatabase } from './support/databases';

describeEachDatabase('content: releases, bundles and the plug-in calls', (ctx) => {
  let staff: string;
  let member: string;
  beforeAll(async () => {
    staff = await ctx.login(DEMO_ACCOUNTS.operator.username);
    member = await ctx.login(DEMO_ACCOUNTS.member.username);
  });

  const release = (version: string, minSupportedVersion = '0.9.0', downloadUrl = 'https://example.com/plugin.zip') =>
    ctx.call('appVersion/create', { version, minSupportedVersion, downloadUrl, changelog: `更新 ${version}` }, { token: staff });

  it('keeps versions semver, unique and strictly increasing', async () => {
    const list = await ctx.call('appVersion/list', {}, { token: staff });
    expect(list.content.list.map((row: any) => [row.version, row.status, row.scriptCount])).toEqual([['1.0.0', 'published', 5]]);

    expect((await release('abc')).msg).toBe('参数错误：版本号应为语义化版本号（如 1.2.3）');
    expect((await release('1.0.0')).msg).toBe('参数错误：版本号 1.0.0 已存在');
    expect((await release('v1.0.0')).msg).toBe('参数错误：版本号 1.0.0 已存在');
    expect((await release('0.9.9')).msg).toBe('参数错误：版本号应高于已有的最高版本 1.0.0');
    expect((await release('1.1.0', '1.2.0')).msg).toBe('参数错误：最低支持版本不能高于版本号 1.1.0');
    expect((await release('1.1.0', 'x')).msg).toBe('参数错误：最低支持版本应为语义化版本号（如 1.2.3）');
    expect((await release('1.1.0', '1.0.0', 'ftp://x')).msg).toBe('参数错误：下载地址应以 http:// 或 https:// 开头');

    // 1.10.0 > 1.9.0 as semver, though not as text.
    const nine = await release('v1.9.0');
    expect(nine.content).toMatchObject({ version: '1.9.0', status: 'draft', releasedAt: null, scriptCount: 0 });
    const ten = await release('1.10.0', '1.0.0', '');
    expect(ten.content.version).toBe('1.10.0');
    expect((await release('1.9.5')).msg).toBe('参数错误：版本号应高于已有的最高版本 1.10.0');
    const drafts = await ctx.call('appVersion/list', { status: 'draft' }, { token: staff });
    expect(drafts.content.list.map((row: any) => row.version)).toEqual(['1.10.0', '1.9.0']);

    const noUrl = await ctx.call('appVersion/publish', { id: ten.content.id }, { token: staff });
    expect(noUrl.msg).toBe('参数错误：发布前请填写下载地址');
    const deleted = await ctx.call('appVersion/delete', { id: ten.content.id }, { token: staff });
    expect(deleted.isSuccess).toBe(true);
    const deletePublished = await ctx.call('appVersion/delete', { id: list.content.list[0].id }, { token: staff });
    expect(deletePublished.msg).toBe('只有草稿可以删除，已发布的版本请撤回');
  });

  it('bundles one version per script and freezes the bundle once published', async () => {
    const created = await release('2.0.0', '1.0.0');
    const id = created.content.id;
    const bundle = await ctx.call('appVersion/bundle', { id }, { token: staff });
    expect(bundle.content.frozen).toBe(false);
    const scripts = bundle.content.scripts as any[];
    expect(scripts.length).toBeGreaterThanOrEqual(5);
    const invite = scripts.find((script) => script.name === '批量邀请达人');
    expect(invite.versions.map((v: any) => v.version)).toEqual([2, 1]);

    const twoOfOne = await ctx.call('appVersion/setBundle', { id, scriptVersionIds: invite.versions.map((v: any) => v.versionId) }, { token: staff });
    expect(twoOfOne.msg).toBe('参数错误：同一脚本只能选择一个版本');
    const unknown = await ctx.call('appVersion/setBundle', { id, scriptVersionIds: [999999] }, { token: staff });
    expect(unknown.msg).toBe('参数错误：所选脚本版本中有不存在的版本');

    const chosen = [invite.versions[1].versionId, ...scripts.filter((s) => s !== invite).map((s) => s.versions[0].versionId)];
    const set = await ctx.call('appVersion/setBundle', { id, scriptVersionIds: chosen }, { token: staff });
    expect(set.content.scripts.find((s: any) => s.name === '批量邀请达人')).toMatchObject({ selectedVersion: 1 });
    expect(set.content.release.scriptCount).toBe(chosen.length);

    const published = await ctx.call('appVersion/publish', { id }, { token: staff });
    expect(published.content).toMatchObject({ status: 'published', releasedAt: expect.stringMatching(/Z$/) });
    const frozen = await ctx.call('appVersion/setBundle', { id, scriptVersionIds: [] }, { token: staff });
    expect(frozen).toMatchObject({ code: 'A0400', msg: CONTENT_TEXT.bundleFrozen });
    expect((await ctx.call('appVersion/bundle', { id }, { token: staff })).content).toMatchObject({ frozen: true });
    expect((await ctx.call('appVersion/publish', { id }, { token: staff })).msg).toBe('只有草稿或已撤回的版本可以发布');
  });

  it('tells the plug-in the latest release and whether its version is still supported', async () => {
    const anonymous = await ctx.call('plugin/latestRelease', { version: '1.0.0' });
    expect(anonymous.code).toBe('A0230');
    const old = await ctx.call('plugin/latestRelease', { version: '0.9.5' }, { token: member });
    expect(old.content).toMatchObject({ latest: { version: '2.0.0', minSupportedVersion: '1.0.0' }, supported: false, updateAvailable: true });
    const supported = await ctx.call('plugin/latestRelease', { version: '1.0.0' }, { token: member });
    expect(supported.content).toMatchObject({ supported: true, updateAvailable: true });
    const current = await ctx.call('plugin/latestRelease', { version: 'v2.0.0' }, { token: member });
    expect(current.content).toMatchObject({ supported: true, updateAvailable: false });
    const bad = await ctx.call('plugin/latestRelease', { version: 'latest' }, { token: member });
    expect(bad.msg).toBe('参数错误：版本号应为语义化版本号（如 1.2.3）');

    const scripts = await ctx.call('plugin/scripts', {}, { token: member });
    expect(scripts.content.release).toBe('2.0.0');
    const invite = scripts.content.scripts.find((s: any) => s.name === '批量邀请达人');
    expect(invite).toMatchObject({ kind: 'action', version: 1, content: { steps: expect.any(Array) } });
  });

  it('answers with an ETag: 200, then 304 with If-None-Match, then 200 after a change', async () => {
    const first = await ctx.call('plugin/scripts', {}, { token: member });
    const etag = first.response.headers.etag as string;
    expect(first.status).toBe(200);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.response.headers['cache-control']).toBe('no-store');

    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/plugin/scripts',
      headers: { authorization: `Bearer ${member}`, 'content-type': 'application/json', 'if-none-match': etag },
      payload: '{}',
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    // Disabling a bundled script changes the answer.
    const invite = first.content.scripts.find((s: any) => s.name === '批量邀请达人');
    await ctx.call('script/setEnabled', { id: invite.id, enabled: false }, { token: staff });
    const changed = await ctx.call('plugin/scripts', {}, { token: member });
    const afterChange = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/plugin/scripts',
      headers: { authorization: `Bearer ${member}`, 'content-type': 'application/json', 'if-none-match': etag },
      payload: '{}',
    });
    expect(afterChange.statusCode).toBe(200);
    expect(afterChange.headers.etag).not.toBe(etag);
    expect(afterChange.headers.etag).toBe(changed.response.headers.etag);
    expect(afterChange.json().content.scripts.map((s: any) => s.name)).not.toContain('批量邀请达人');
    await ctx.call('script/setEnabled', { id: invite.id, enabled: true }, { token: staff });

    // Withdrawing the newest release makes the previous one the latest.
    const latest = await ctx.call('plugin/latestRelease', { version: '1.0.0' }, { token: member });
    const list = await ctx.call('appVersion/list', { status: 'published' }, { token: staff });
    const newest = list.content.list.find((row: any) => row.version === '2.0.0');
    await ctx.call('appVersion/withdraw', { id: newest.id }, { token: staff });
    const previous = await ctx.call('plugin/latestRelease', { version: '1.0.0' }, { token: member, headers: { 'if-none-match': latest.response.headers.etag as string } });
    expect(previous.status).toBe(200);
    expect(previous.content).toMatchObject({ latest: { version: '1.0.0' }, supported: true, updateAvailable: false });
    // Weak and listed tags match too.
    const weak = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/plugin/latestRelease',
      headers: {
        authorization: `Bearer ${member}`,
        'content-type': 'application/json',
        'if-none-match': `"other", W/${previous.response.headers.etag}`,
      },
      payload: JSON.stringify({ version: '1.0.0' }),
    });
    expect(weak.statusCode).toBe(304);
  });
});
