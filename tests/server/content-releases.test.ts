import { DEMO_ACCOUNTS } from '#contract/demoAccounts';
import { CONTENT_TEXT } from '#contract/content';
import { buildApp } from '../../server/app';
import { describeEachDatabase, injectCall } from './support/databases';

describeEachDatabase('content: releases, bundles and the plug-in calls', (ctx) => {
  let staff: string;
  /** Holds 审核脚本: approves what the operator (`staff`) asks for (four-eyes, fourEyes.test.ts). */
  let reviewer: string;
  let member: string;
  /** The member's plug-in token: the plug-in's calls take it (never the session's own). */
  let plugin: string;
  beforeAll(async () => {
    staff = await ctx.login(DEMO_ACCOUNTS.operator.username);
    reviewer = await ctx.login(DEMO_ACCOUNTS.reviewer.username);
    member = await ctx.login(DEMO_ACCOUNTS.member.username);
    plugin = await ctx.pluginToken(member);
  });

  /** The reviewer approves the request a call just answered (its release, at its revision). */
  const approved = async (requested: { content: { id: number; revision: number } }) => {
    const answer = await ctx.call(
      'appVersion/approve',
      { id: requested.content.id, revision: requested.content.revision },
      { token: reviewer },
    );
    expect(answer.isSuccess).toBe(true);
    return answer;
  };
  /** The reviewer approves a script's pending change. */
  const approveScript = async (id: number) => {
    const { revision } = (await ctx.call('script/get', { id }, { token: reviewer })).content;
    expect((await ctx.call('script/approve', { id, revision }, { token: reviewer })).isSuccess).toBe(true);
  };

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
    expect(invite.versions.map((v: any) => v.version)).toEqual([3, 2, 1]);

    const twoOfOne = await ctx.call(
      'appVersion/setBundle',
      { id, scriptVersionIds: invite.versions.map((v: any) => v.versionId) },
      { token: staff },
    );
    expect(twoOfOne.msg).toBe('参数错误：同一脚本只能选择一个版本');
    const unknown = await ctx.call('appVersion/setBundle', { id, scriptVersionIds: [999999] }, { token: staff });
    expect(unknown.msg).toBe('参数错误：所选脚本版本中有不存在的版本');

    const chosen = [
      invite.versions.find((v: any) => v.version === 1).versionId,
      ...scripts.filter((s) => s !== invite).map((s) => s.versions[0].versionId),
    ];
    const set = await ctx.call('appVersion/setBundle', { id, scriptVersionIds: chosen }, { token: staff });
    expect(set.content.scripts.find((s: any) => s.name === '批量邀请达人')).toMatchObject({ selectedVersion: 1 });
    expect(set.content.release.scriptCount).toBe(chosen.length);

    const requested = await ctx.call('appVersion/publish', { id }, { token: staff });
    expect(requested.content).toMatchObject({
      status: 'draft',
      pendingChange: { action: 'publish' },
      pendingBy: DEMO_ACCOUNTS.operator.username,
    });
    const published = await approved(requested);
    expect(published.content).toMatchObject({ status: 'published', releasedAt: expect.stringMatching(/Z$/), pendingChange: null });
    const frozen = await ctx.call('appVersion/setBundle', { id, scriptVersionIds: [] }, { token: staff });
    expect(frozen).toMatchObject({ code: 'A0400', msg: CONTENT_TEXT.bundleFrozen });
    expect((await ctx.call('appVersion/bundle', { id }, { token: staff })).content).toMatchObject({ frozen: true });
    expect((await ctx.call('appVersion/publish', { id }, { token: staff })).msg).toBe('只有草稿或已撤回的版本可以发布');
  });

  it('tells the plug-in the latest release and whether its version is still supported', async () => {
    const anonymous = await ctx.call('plugin/latestRelease', { version: '1.0.0' });
    expect(anonymous.code).toBe('A0230');
    const old = await ctx.call('plugin/latestRelease', { version: '0.9.5' }, { token: plugin });
    expect(old.content).toMatchObject({
      latest: { version: '2.0.0', minSupportedVersion: '1.0.0' },
      supported: false,
      updateAvailable: true,
    });
    const supported = await ctx.call('plugin/latestRelease', { version: '1.0.0' }, { token: plugin });
    expect(supported.content).toMatchObject({ supported: true, updateAvailable: true });
    const current = await ctx.call('plugin/latestRelease', { version: 'v2.0.0' }, { token: plugin });
    expect(current.content).toMatchObject({ supported: true, updateAvailable: false });
    const bad = await ctx.call('plugin/latestRelease', { version: 'latest' }, { token: plugin });
    expect(bad.msg).toBe('参数错误：版本号应为语义化版本号（如 1.2.3）');
  });

  it('安装插件 goes to the latest published release, or to the configured store page; anyone may ask', async () => {
    const latest = await ctx.call('plugin/latestRelease', { version: '1.0.0' }, { token: plugin });
    const anonymous = await ctx.call('plugin/installLink', {});
    expect(anonymous.content).toEqual({
      url: latest.content.latest.downloadUrl,
      source: 'release',
      version: latest.content.latest.version,
    });
    expect(anonymous.content.url).not.toBe('');

    const withStore = await buildApp({ db: ctx.db, config: { ...ctx.config, pluginStoreUrl: 'https://store.example.com/plugin' } });
    try {
      expect((await injectCall(withStore, 'plugin/installLink', {})).content).toEqual({
        url: 'https://store.example.com/plugin',
        source: 'store',
        version: null,
      });
    } finally {
      await withStore.close();
    }
  });

  it("serves the enabled scripts' approved versions, not the latest release's bundle", async () => {
    // Release 2.0.0 (the latest) bundles 批量邀请达人 at version 1; the plug-in runs its approved version 3.
    const scripts = await ctx.call('plugin/scripts', {}, { token: plugin });
    expect(scripts.content).not.toHaveProperty('release');
    const invite = scripts.content.scripts.find((s: any) => s.name === '批量邀请达人');
    expect(invite).toMatchObject({ kind: 'action', version: 3, content: { flow: 'join', steps: expect.any(Array) } });
    const enabled: any[] = [];
    for (const kind of ['action', 'url']) {
      enabled.push(...(await ctx.call('script/list', { kind, enabled: true, pageSize: 100 }, { token: staff })).content.list);
    }
    expect(enabled.length).toBeGreaterThanOrEqual(5);
    expect(scripts.content.scripts.map((s: any) => [s.id, s.version]).sort()).toEqual(
      enabled.map((row: any) => [row.id, row.liveVersion]).sort(),
    );
  });

  it('answers with an ETag: 304 while unchanged; a save, a disabled script and a restore each change the answer', async () => {
    const inject = (etag: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/admin/plugin/scripts',
        headers: { authorization: `Bearer ${plugin}`, 'content-type': 'application/json', 'if-none-match': etag },
        payload: '{}',
      });
    const first = await ctx.call('plugin/scripts', {}, { token: plugin });
    const etag = first.response.headers.etag as string;
    expect(first.status).toBe(200);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.response.headers['cache-control']).toBe('no-store');

    const again = await inject(etag);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    // Staff save the bind script: the plug-in gets the new version once a reviewer approves it (no
    // release published).
    const bind = first.content.scripts.find((s: any) => s.name === '读取店铺信息');
    const edited = { ...bind.content, steps: [{ step: 'waitFor', selector: '#shop-loaded', timeoutMs: 5000 }, ...bind.content.steps] };
    const saved = await ctx.call(
      'script/save',
      { id: bind.id, baseVersion: bind.version, content: JSON.stringify(edited), note: '等待店铺加载' },
      { token: staff },
    );
    expect(saved.isSuccess).toBe(true);
    expect((await inject(etag)).statusCode).toBe(304);
    await approveScript(bind.id);
    const afterSave = await inject(etag);
    expect(afterSave.statusCode).toBe(200);
    const savedEtag = afterSave.headers.etag as string;
    expect(savedEtag).not.toBe(etag);
    const servedBind = afterSave.json().content.scripts.find((s: any) => s.id === bind.id);
    expect(servedBind).toMatchObject({ version: bind.version + 1, content: edited });
    expect((await inject(savedEtag)).statusCode).toBe(304);

    // Disabling a script takes it out of the answer (a link script: an action script a link names
    // can not be disabled, content-scripts.test).
    const links = first.content.scripts.find((s: any) => s.name === '达人广场');
    expect((await ctx.call('script/setEnabled', { id: links.id, enabled: false }, { token: staff })).isSuccess).toBe(true);
    await approveScript(links.id);
    const afterDisable = await inject(savedEtag);
    expect(afterDisable.statusCode).toBe(200);
    expect(afterDisable.headers.etag).not.toBe(savedEtag);
    expect(afterDisable.json().content.scripts.map((s: any) => s.name)).not.toContain('达人广场');
    await ctx.call('script/setEnabled', { id: links.id, enabled: true }, { token: staff });
    await approveScript(links.id);
    // Enabled again: the same answer as after the save, so the same ETag.
    expect((await inject(savedEtag)).statusCode).toBe(304);

    // Restoring the old version is a new version with the old content: a new ETag again.
    const restored = await ctx.call('script/restore', { id: bind.id, version: bind.version }, { token: staff });
    expect(restored.isSuccess).toBe(true);
    await approveScript(bind.id);
    const afterRestore = await inject(savedEtag);
    expect(afterRestore.statusCode).toBe(200);
    expect(afterRestore.json().content.scripts.find((s: any) => s.id === bind.id)).toMatchObject({
      version: bind.version + 2,
      content: bind.content,
    });

    // Withdrawing the newest release makes the previous one the latest.
    const latest = await ctx.call('plugin/latestRelease', { version: '1.0.0' }, { token: plugin });
    const list = await ctx.call('appVersion/list', { status: 'published' }, { token: staff });
    const newest = list.content.list.find((row: any) => row.version === '2.0.0');
    await approved(await ctx.call('appVersion/withdraw', { id: newest.id }, { token: staff }));
    const previous = await ctx.call(
      'plugin/latestRelease',
      { version: '1.0.0' },
      { token: plugin, headers: { 'if-none-match': latest.response.headers.etag as string } },
    );
    expect(previous.status).toBe(200);
    expect(previous.content).toMatchObject({ latest: { version: '1.0.0' }, supported: true, updateAvailable: false });
    // Weak and listed tags match too.
    const weak = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/plugin/latestRelease',
      headers: {
        authorization: `Bearer ${plugin}`,
        'content-type': 'application/json',
        'if-none-match': `"other", W/${previous.response.headers.etag}`,
      },
      payload: JSON.stringify({ version: '1.0.0' }),
    });
    expect(weak.statusCode).toBe(304);
  });
});
