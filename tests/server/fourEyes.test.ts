/**
 * Four-eyes review (issue 29, contract/review.ts): a script change or a release's publish, withdrawal
 * or edit reaches the plug-ins only when another account holding 审核脚本 approves it.
 */
import { sql } from 'drizzle-orm';
import { DEMO_ACCOUNTS } from '#contract/demoAccounts';
import { REVIEW_TEXT } from '#contract/review';
import { describeEachDatabase } from './support/databases';
import { one } from './support/sql';

const BIND_SCRIPT = '读取店铺信息';

describeEachDatabase('four-eyes review of scripts and releases', (ctx) => {
  let operator: string;
  let reviewer: string;
  let admin: string;
  let plugin: string;
  beforeAll(async () => {
    operator = await ctx.login(DEMO_ACCOUNTS.operator.username);
    reviewer = await ctx.login(DEMO_ACCOUNTS.reviewer.username);
    admin = await ctx.login(DEMO_ACCOUNTS.superAdmin.username);
    plugin = await ctx.pluginToken(await ctx.login(DEMO_ACCOUNTS.member.username));
  });

  const served = async () => (await ctx.call('plugin/scripts', {}, { token: plugin })).content.scripts as any[];
  const detail = async (id: number) => (await ctx.call('script/get', { id }, { token: reviewer })).content;
  const approve = (id: number, revision: number, token = reviewer, reason?: string) =>
    ctx.call('script/approve', { id, revision, ...(reason === undefined ? {} : { reason }) }, { token });
  const notices = async (token: string) =>
    ((await ctx.call('notification/list', { pageSize: 50 }, { token })).content.list as any[]).map((item) => `${item.kind} ${item.text}`);
  /** The bind script's steps with one more wait first: a valid edit. */
  const edited = (script: any, timeoutMs: number) =>
    JSON.stringify({ ...script.content, steps: [{ step: 'waitFor', selector: '#shop-loaded', timeoutMs }, ...script.content.steps] });

  it('a saved edit waits for a second account; the plug-in keeps the approved version until then', async () => {
    const bind = (await served()).find((script) => script.name === BIND_SCRIPT);
    const saved = await ctx.call(
      'script/save',
      { id: bind.id, baseVersion: bind.version, content: edited(bind, 4000), note: '等待店铺加载' },
      { token: operator },
    );
    expect(saved.content).toMatchObject({
      currentVersion: bind.version + 1,
      liveVersion: bind.version,
      pending: true,
      pendingAuthors: [DEMO_ACCOUNTS.operator.username],
    });
    expect((await served()).find((script) => script.id === bind.id)).toMatchObject({ version: bind.version, content: bind.content });
    expect(await notices(reviewer)).toContain(
      `script.reviewRequested ${DEMO_ACCOUNTS.operator.username} 修改了脚本「${BIND_SCRIPT}」，审核通过后才下发给插件`,
    );
    const pendingOnly = await ctx.call('script/list', { kind: 'action', pending: true }, { token: reviewer });
    expect(pendingOnly.content.list.map((row: any) => row.name)).toEqual([BIND_SCRIPT]);

    // The operator holds the script screens, not 审核脚本.
    expect((await approve(bind.id, saved.content.revision, operator)).code).toBe('A0301');
    // A reviewer approves the revision it saw, not a later one.
    expect((await approve(bind.id, saved.content.revision - 1)).msg).toBe(REVIEW_TEXT.changedSinceReview);

    const approved = await approve(bind.id, saved.content.revision);
    expect(approved.content).toMatchObject({
      pending: false,
      liveVersion: bind.version + 1,
      liveContent: saved.content.content,
      approvedBy: DEMO_ACCOUNTS.reviewer.username,
      pendingAuthors: [],
    });
    expect((await served()).find((script) => script.id === bind.id)).toMatchObject({ version: bind.version + 1 });
    expect((await approve(bind.id, approved.content.revision)).msg).toBe(REVIEW_TEXT.nothingPending);
    // The request is done: it no longer counts as unread.
    const unread = (await ctx.call('notification/list', { pageSize: 50, unreadOnly: true }, { token: reviewer })).content.list as any[];
    expect(unread.filter((item) => item.kind === 'script.reviewRequested')).toEqual([]);

    // The audit entry shows what was approved: both sides' versions and texts.
    const entry = await one(
      ctx.db,
      sql`select before, after from audit_log where action = 'script.approve' and target_id = ${String(bind.id)} order by id desc limit 1`,
    );
    expect(entry.before).toMatchObject({ version: bind.version, content: JSON.stringify(bind.content, null, 2) });
    expect(entry.after).toMatchObject({ version: bind.version + 1, content: saved.content.content, authors: ['demo_operator'] });
  });

  it('nobody approves a change they took part in; the super administrator only with a reason, announced to the others', async () => {
    const bind = await detail((await served()).find((script) => script.name === BIND_SCRIPT).id);
    const parsed = { content: JSON.parse(bind.content) };
    const byReviewer = await ctx.call(
      'script/save',
      { id: bind.id, baseVersion: bind.currentVersion, content: edited(parsed, 3000) },
      { token: reviewer },
    );
    expect(byReviewer.content.pendingAuthors).toEqual([DEMO_ACCOUNTS.reviewer.username]);
    expect((await approve(bind.id, byReviewer.content.revision)).msg).toBe(REVIEW_TEXT.ownChange);

    // The administrator joins the change: now neither author may approve it without the emergency path.
    const joined = await ctx.call(
      'script/save',
      { id: bind.id, baseVersion: byReviewer.content.currentVersion, content: edited(parsed, 2000) },
      { token: admin },
    );
    expect(joined.content.pendingAuthors).toEqual([DEMO_ACCOUNTS.reviewer.username, DEMO_ACCOUNTS.superAdmin.username].sort());
    expect((await approve(bind.id, joined.content.revision)).msg).toBe(REVIEW_TEXT.ownChange);
    const noReason = await approve(bind.id, joined.content.revision, admin, '  ');
    expect(noReason).toMatchObject({ code: 'A0400', msg: `参数错误：${REVIEW_TEXT.reasonRequired}` });
    // Renaming it would break the link scripts that name it: refused before anything is pending.
    const rename = await ctx.call('script/rename', { id: bind.id, name: `${BIND_SCRIPT}（新）` }, { token: admin });
    expect(rename.msg).toContain('插件会拒收改动后的整套脚本，未保存');

    const emergency = await approve(bind.id, joined.content.revision, admin, '平台改版，绑定全部失败');
    expect(emergency.content).toMatchObject({ pending: false, approvedBy: DEMO_ACCOUNTS.superAdmin.username });
    const entry = await one(ctx.db, sql`select after from audit_log where action = 'script.approve' order by id desc limit 1`);
    expect(entry.after).toMatchObject({ selfApprovalReason: '平台改版，绑定全部失败' });
    const announced = `script.selfApproved ${DEMO_ACCOUNTS.superAdmin.username} 审核通过了自己参与的脚本「${BIND_SCRIPT}」的改动。原因：平台改版，绑定全部失败`;
    expect(await notices(reviewer)).toContain(announced);
    expect(await notices(admin)).not.toContain(announced);
  });

  it('a new script reaches no plug-in until approved; taking a change back leaves nothing to review', async () => {
    const created = await ctx.call(
      'script/create',
      {
        kind: 'action',
        name: '停止邀约（审核）',
        content: JSON.stringify({ flow: 'stop', steps: [{ step: 'click', selector: '#stop' }] }),
      },
      { token: operator },
    );
    expect(created.content).toMatchObject({ pending: true, liveVersion: null, liveEnabled: false, liveContent: null });
    expect((await served()).map((script) => script.name)).not.toContain('停止邀约（审核）');
    await approve(created.content.id, created.content.revision);
    expect((await served()).map((script) => script.name)).toContain('停止邀约（审核）');

    const disabled = await ctx.call('script/setEnabled', { id: created.content.id, enabled: false }, { token: operator });
    expect(disabled.content.pending).toBe(true);
    const enabled = await ctx.call('script/setEnabled', { id: created.content.id, enabled: true }, { token: operator });
    expect(enabled.content).toMatchObject({ pending: false, pendingAuthors: [] });
    // Two requests (the creation, the disabling), both settled: one approved, one taken back.
    const request = `script.reviewRequested ${DEMO_ACCOUNTS.operator.username} 修改了脚本「停止邀约（审核）」，审核通过后才下发给插件`;
    expect((await notices(reviewer)).filter((text) => text.includes('停止邀约（审核）'))).toEqual([request, request]);
    const unread = await ctx.call('notification/list', { pageSize: 50, unreadOnly: true }, { token: reviewer });
    expect((unread.content.list as any[]).filter((item) => item.text.includes('停止邀约（审核）'))).toEqual([]);
  });

  it('an approval that would hand the plug-ins a set they refuse is refused (crossed renames)', async () => {
    const make = async (name: string) => {
      const created = await ctx.call(
        'script/create',
        { kind: 'action', name, content: JSON.stringify({ flow: 'stop', steps: [{ step: 'click', selector: `#${name}` }] }) },
        { token: operator },
      );
      return (await approve(created.content.id, created.content.revision)).content;
    };
    const a = await make('甲');
    const b = await make('乙');
    // 甲 → 丙, then 乙 → 甲: approving 乙 first would serve two scripts named 甲.
    await ctx.call('script/rename', { id: a.id, name: '丙' }, { token: operator });
    const renamedB = await ctx.call('script/rename', { id: b.id, name: '甲' }, { token: operator });
    const crossed = await approve(b.id, renamedB.content.revision);
    expect(crossed).toMatchObject({ code: 'A0400' });
    expect(crossed.msg).toContain('有两个同名的动作脚本「甲」');
    await approve(a.id, (await detail(a.id)).revision);
    expect((await approve(b.id, renamedB.content.revision)).isSuccess).toBe(true);
  });

  it('a release is published, edited and withdrawn only by an approved request', async () => {
    const latest = async () => (await ctx.call('plugin/latestRelease', { version: '1.0.0' }, { token: plugin })).content;
    const created = await ctx.call(
      'appVersion/create',
      { version: '3.0.0', minSupportedVersion: '1.0.0', downloadUrl: 'https://example.com/3.zip', changelog: '三' },
      { token: operator },
    );
    const id = created.content.id;
    const requested = await ctx.call('appVersion/publish', { id }, { token: operator });
    expect(requested.content).toMatchObject({ status: 'draft', pendingChange: { action: 'publish' } });
    expect((await latest()).latest.version).not.toBe('3.0.0');
    expect(await notices(reviewer)).toContain(
      `release.reviewRequested ${DEMO_ACCOUNTS.operator.username} 申请发布插件版本 3.0.0，审核通过后生效`,
    );
    // What is asked is what is approved: no edit, bundle or second request while it waits.
    const edit = { id, changelog: '改', downloadUrl: 'https://evil.example.com/x.zip', minSupportedVersion: '1.0.0' };
    expect((await ctx.call('appVersion/update', edit, { token: operator })).msg).toBe(REVIEW_TEXT.requestPending);
    expect((await ctx.call('appVersion/setBundle', { id, scriptVersionIds: [] }, { token: operator })).msg).toBe(
      REVIEW_TEXT.requestPending,
    );
    expect((await ctx.call('appVersion/publish', { id }, { token: operator })).msg).toBe(REVIEW_TEXT.requestPending);
    // The requester may not approve it; the revision must be the one reviewed.
    const operatorAsReviewer = await ctx.call('appVersion/approve', { id, revision: requested.content.revision }, { token: operator });
    expect(operatorAsReviewer.code).toBe('A0301');
    expect((await ctx.call('appVersion/approve', { id, revision: 1 }, { token: reviewer })).msg).toBe(REVIEW_TEXT.changedSinceReview);
    const published = await ctx.call('appVersion/approve', { id, revision: requested.content.revision }, { token: reviewer });
    expect(published.content).toMatchObject({ status: 'published', pendingChange: null });
    expect(await latest()).toMatchObject({ latest: { version: '3.0.0', minSupportedVersion: '1.0.0' }, supported: true });

    // Raising the minimum version of a served release (locking everyone out) is a request too.
    const raise = await ctx.call('appVersion/update', { ...edit, minSupportedVersion: '3.0.0' }, { token: operator });
    expect(raise.content).toMatchObject({
      minSupportedVersion: '1.0.0',
      downloadUrl: 'https://example.com/3.zip',
      pendingChange: { action: 'update', minSupportedVersion: '3.0.0', downloadUrl: 'https://evil.example.com/x.zip' },
    });
    expect(await latest()).toMatchObject({ supported: true, latest: { downloadUrl: 'https://example.com/3.zip' } });
    const cancelled = await ctx.call('appVersion/cancelRequest', { id }, { token: operator });
    expect(cancelled.content).toMatchObject({ pendingChange: null, minSupportedVersion: '1.0.0' });
    expect((await ctx.call('appVersion/cancelRequest', { id }, { token: operator })).msg).toBe(REVIEW_TEXT.noRequest);
    expect((await notices(reviewer)).filter((text) => text.startsWith('release.reviewRequested') && text.includes('修改'))).toEqual([]);

    const changelog = await ctx.call('appVersion/update', { ...edit, downloadUrl: 'https://example.com/3.0.1.zip' }, { token: operator });
    const applied = await ctx.call('appVersion/approve', { id, revision: changelog.content.revision }, { token: reviewer });
    expect(applied.content).toMatchObject({ changelog: '改', downloadUrl: 'https://example.com/3.0.1.zip', pendingChange: null });
    const entry = await one(ctx.db, sql`select before, after from audit_log where action = 'appVersion.approve' order by id desc limit 1`);
    expect(entry).toMatchObject({
      before: { changelog: '三', downloadUrl: 'https://example.com/3.zip' },
      after: { action: 'update', changelog: '改', downloadUrl: 'https://example.com/3.0.1.zip', requestedBy: 'demo_operator' },
    });

    // The administrator's own withdrawal, approved by themself in an emergency, with a reason.
    const withdrawal = await ctx.call('appVersion/withdraw', { id }, { token: admin });
    const own = await ctx.call('appVersion/approve', { id, revision: withdrawal.content.revision }, { token: admin });
    expect(own.msg).toBe(`参数错误：${REVIEW_TEXT.reasonRequired}`);
    const withdrawn = await ctx.call(
      'appVersion/approve',
      { id, revision: withdrawal.content.revision, reason: '下载包有问题' },
      { token: admin },
    );
    expect(withdrawn.content.status).toBe('withdrawn');
    expect((await latest()).latest.version).not.toBe('3.0.0');
    expect(await notices(reviewer)).toContain(
      `release.selfApproved ${DEMO_ACCOUNTS.superAdmin.username} 审核通过了自己撤回插件版本 3.0.0 的申请。原因：下载包有问题`,
    );
  });
});
