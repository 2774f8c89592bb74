import { describeEachDatabase, TEST_ADMIN } from './support/databases';
import { sql } from './support/sql';

describeEachDatabase('news/list', (ctx) => {
  it('answers published articles newest first, paged, to anyone', async () => {
    await ctx.db.execute(sql`insert into news (title, summary, body, published_at) values
      ('草稿', '', '', null),
      ('定时发布', '', '', now() + interval '1 day'),
      ('最新', '摘要', '正文', now() - interval '1 minute')`);
    const first = await ctx.call('news/list', { current: 1, pageSize: 2 });
    expect(first).toMatchObject({ isSuccess: true, code: '00000' });
    expect(first.content).toMatchObject({ total: 4, current: 1, pageSize: 2 });
    expect(first.content.list.map((item: any) => item.title)).toEqual(['最新', '会员套餐调整说明']);
    expect(first.content.list[0]).toEqual({
      id: expect.any(Number),
      title: '最新',
      summary: '摘要',
      body: '正文',
      publishedAt: expect.stringMatching(/Z$/),
    });
    const last = await ctx.call('news/list', { current: 2, pageSize: 2 });
    expect(last.content.list.map((item: any) => item.title)).toEqual(['插件新增店铺绑定状态提示', '达人联盟控制台正式上线']);
    const defaults = await ctx.call('news/list');
    expect(defaults.content).toMatchObject({ total: 4, current: 1, pageSize: 10 });
    expect(defaults.content.list).toHaveLength(4);
    const beyond = await ctx.call('news/list', { current: 9, pageSize: 2 });
    expect(beyond.content).toMatchObject({ list: [], total: 4 });
  });
});

describeEachDatabase('errors', (ctx) => {
  it('answers B0001 with HTTP 500 and no internals on an unexpected failure', async () => {
    await ctx.db.execute(sql`alter table news rename to news_away`);
    try {
      const answer = await ctx.call('news/list', {});
      expect(answer.status).toBe(500);
      // The request's id, for the user to quote (错误编号): the same as the answer's header.
      const requestId = answer.response.headers['x-request-id'];
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect({ isSuccess: answer.isSuccess, code: answer.code, msg: answer.msg, content: answer.content }).toEqual({
        isSuccess: false,
        code: 'B0001',
        msg: '系统繁忙，请稍后再试',
        content: { requestId },
      });
      expect(answer.response.body).not.toMatch(/news|relation|select|stack/i);
    } finally {
      await ctx.db.execute(sql`alter table news_away rename to news`);
    }
  });

  it('answers unknown API paths and methods with a 404 wrapper', async () => {
    const unknown = await ctx.call('account/nothing', {});
    expect(unknown.status).toBe(404);
    expect(unknown).toMatchObject({ isSuccess: false, code: 'A0400', msg: '接口不存在' });
    const get = await ctx.app.inject({ method: 'GET', url: '/api/admin/account/getMenus' });
    expect(get.statusCode).toBe(404);
    expect(get.json()).toMatchObject({ isSuccess: false, msg: '接口不存在' });
  });

  it('answers a body that is not JSON with A0400', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/account/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ isSuccess: false, code: 'A0400', msg: '参数错误：请求体不是有效的 JSON' });
    const array = await ctx.call('account/login', ['admin']);
    expect(array).toMatchObject({ code: 'A0400', msg: '参数错误：请求内容应为对象' });
  });

  it('serves the bare health route without the database', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('created the administrator from the configured password', async () => {
    const login = await ctx.call('account/login', TEST_ADMIN);
    expect(login.code).toBe('00000');
    const menus = await ctx.call('account/getMenus', undefined, { token: login.content.token });
    expect(JSON.stringify(menus.content)).toContain('"/admin"');
  });
});
