import { DEMO_ACCOUNTS } from '#contract/demoAccounts';
import { describeEachDatabase } from './support/databases';
import { one, sql } from './support/sql';

describeEachDatabase('content: news administration', (ctx) => {
  let staff: string;
  beforeAll(async () => {
    staff = await ctx.login(DEMO_ACCOUNTS.operator.username);
  });

  const publicTitles = async () => (await ctx.call('news/list', {})).content.list.map((article: any) => article.title) as string[];

  it('is staff only (media grant)', async () => {
    const sale = await ctx.login(DEMO_ACCOUNTS.salesperson.username);
    expect((await ctx.call('news/adminList', {}, { token: sale })).code).toBe('A0301');
    expect((await ctx.call('news/create', { title: 'x', summary: '', body: '' })).code).toBe('A0230');
  });

  it('a draft stays off /news until published, edits show, and unpublishing removes it', async () => {
    const draft = await ctx.call('news/create', { title: '  新版插件发布 ', summary: '摘要', body: '正文' }, { token: staff });
    expect(draft.content).toMatchObject({ title: '新版插件发布', publishedAt: null, author: DEMO_ACCOUNTS.operator.username });
    const id = draft.content.id;
    expect(await publicTitles()).not.toContain('新版插件发布');

    const drafts = await ctx.call('news/adminList', { status: 'draft' }, { token: staff });
    expect(drafts.content.list.map((item: any) => item.title)).toEqual(['新版插件发布']);

    const published = await ctx.call('news/publish', { id }, { token: staff });
    expect(published.content.publishedAt).toMatch(/Z$/);
    expect((await publicTitles())[0]).toBe('新版插件发布');
    expect((await ctx.call('news/publish', { id }, { token: staff })).msg).toBe('该新闻已发布');

    await ctx.call('news/update', { id, title: '新版插件已发布', summary: '新摘要', body: '新正文' }, { token: staff });
    const shown = (await ctx.call('news/list', {})).content.list[0];
    expect(shown).toEqual({ id, title: '新版插件已发布', summary: '新摘要', body: '新正文', publishedAt: published.content.publishedAt });

    await ctx.call('news/unpublish', { id }, { token: staff });
    expect(await publicTitles()).not.toContain('新版插件已发布');
    expect((await ctx.call('news/unpublish', { id }, { token: staff })).msg).toBe('该新闻尚未发布');

    const blank = await ctx.call('news/update', { id, title: ' ', summary: '', body: '' }, { token: staff });
    expect(blank.msg).toBe('参数错误：标题不能为空');
    const tooLong = await ctx.call('news/create', { title: 'x'.repeat(101), summary: '', body: '' }, { token: staff });
    expect(tooLong.msg).toBe('参数错误：标题长度不能超过 100 个字符');

    await ctx.call('news/delete', { id }, { token: staff });
    expect((await ctx.call('news/publish', { id }, { token: staff })).msg).toBe('参数错误：该新闻不存在');
    const audited = await one(
      ctx.db,
      sql`select count(*)::int as n from audit_log where target_type = 'news' and target_id = ${String(id)}`,
    );
    expect(audited.n).toBe(5);
  });

  it('publishes at once when asked and filters by title', async () => {
    const now = await ctx.call('news/create', { title: '立即发布的公告', summary: '', body: '内容', publish: true }, { token: staff });
    expect(now.content.publishedAt).not.toBeNull();
    expect(await publicTitles()).toContain('立即发布的公告');
    const found = await ctx.call('news/adminList', { title: '立即', status: 'published' }, { token: staff });
    expect(found.content).toMatchObject({ total: 1, list: [{ title: '立即发布的公告' }] });
  });
});
