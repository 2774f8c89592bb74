/**
 * Bad input is A0400, never B0001 (issue 12): every call of the registry, sent a catalogue of
 * malformed bodies derived from its own body schema (tests/server/support/malformed.ts) as the
 * super administrator, answers without B0001 and without HTTP 5xx, on PGlite and on PostgreSQL.
 * A new call is covered without editing this file.
 */
import { Type } from '@sinclair/typebox';
import { buildApp } from '../../server/app';
import { CALLS, EXPORTS } from '../../server/handlers';
import { callOf, registerCalls } from '../../server/http/calls';
import { RbacCache } from '../../server/rbac/snapshot';
import { API_PREFIX } from '#contract/constants';
import { MEDIA_UPLOAD_URL } from '#contract/content';
import { describeEachDatabase, injectCall, TEST_ADMIN } from './support/databases';
import { malformedBodies } from './support/malformed';
import { sql } from './support/sql';

describeEachDatabase('bad input', (ctx) => {
  let token = '';
  /** The administrator's plug-in token, for the plug-in's calls (they refuse the session's own). */
  let pluginToken = '';
  const signIn = async () => {
    token = await ctx.login(TEST_ADMIN.username, TEST_ADMIN.password);
    pluginToken = await ctx.pluginToken(token);
  };

  /** POST a body (undefined: none) with the administrator's token (its plug-in token for a plug-in call); the answer may be CSV. */
  async function send(path: string, body: unknown, auth?: unknown) {
    const response = await ctx.app.inject({
      method: 'POST',
      url: `${API_PREFIX}/${path}`,
      headers: {
        authorization: `Bearer ${auth === 'plugin' ? pluginToken : token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    let code: string | undefined;
    try {
      code = response.json<{ code?: string }>().code;
    } catch {
      code = undefined;
    }
    return { status: response.statusCode, code };
  }

  it('refuses every malformed body of every call without B0001 or HTTP 5xx', async () => {
    await signIn();
    const failures: string[] = [];
    let sent = 0;
    // The exports (导出) go through the same validation.
    for (const call of [...CALLS, ...EXPORTS]) {
      for (const item of malformedBodies(call.contract.body)) {
        let answer = await send(call.path, item.body, call.contract.auth);
        sent += 1;
        if (answer.code === 'A0230' && call.contract.auth !== 'public') {
          // An earlier case legitimately ended the session (logout, force logout…): sign in again.
          await signIn();
          answer = await send(call.path, item.body, call.contract.auth);
          sent += 1;
        }
        if (answer.status >= 500 || answer.code === 'B0001') {
          failures.push(`${call.path} ${item.name}: HTTP ${answer.status} ${answer.code}`);
        }
      }
    }
    expect(CALLS.length).toBeGreaterThan(50);
    expect(sent).toBeGreaterThan(CALLS.length * 10);
    expect(failures).toEqual([]);
  }, 240_000);
});

/** A Fastify-compatible logger that keeps its records (bindings merged) in `records`. */
function recordingLogger(records: Array<Record<string, unknown>>, bindings: Record<string, unknown> = {}): any {
  const write = (level: string) => (object: unknown, message?: string) => {
    records.push(
      typeof object === 'string' ? { level, ...bindings, msg: object } : { level, ...bindings, ...(object as object), msg: message },
    );
  };
  return {
    level: 'info',
    fatal: write('fatal'),
    error: write('error'),
    warn: write('warn'),
    info: write('info'),
    debug: write('debug'),
    trace: write('trace'),
    silent: () => {},
    child: (more: Record<string, unknown>) => recordingLogger(records, { ...bindings, ...more }),
  };
}

describeEachDatabase('bad input: named cases', (ctx) => {
  it('answers news/list with current 1e21 and account/login with a NUL A0400, unauthenticated', async () => {
    for (const current of [1e21, 2 ** 31, 100_001]) {
      expect(await ctx.call('news/list', { current })).toMatchObject({
        status: 200,
        isSuccess: false,
        code: 'A0400',
        msg: '参数错误：页码不能大于 100000',
      });
    }
    expect(await ctx.call('news/list', { current: 100_000, pageSize: 100 })).toMatchObject({ code: '00000', content: { list: [] } });
    const nul = await ctx.call('account/login', { username: 'ad\u0000min', password: TEST_ADMIN.password });
    expect(nul).toMatchObject({ status: 200, code: 'A0400', msg: '参数错误：用户名含有不允许的字符' });
    const surrogate = await ctx.call('account/login', { username: 'admin', password: 'x\ud800' });
    expect(surrogate).toMatchObject({ code: 'A0400', msg: '参数错误：密码含有不允许的字符' });
  });

  it('gives a new call whose schema says nothing of bounds or characters the same net', async () => {
    const app = await buildApp({ db: ctx.db, config: ctx.config });
    const body = Type.Object({ n: Type.Integer(), s: Type.String(), at: Type.Optional(Type.String({ format: 'date-time' })) });
    const contract = {
      summary: 'probe',
      auth: 'public',
      body,
      answer: Type.Unknown(),
      example: { body: { n: 1, s: '' }, answer: null },
    } as const;
    const probe = callOf('probe/echo', contract, async ({ db }, body) => {
      return db.execute(sql`select ${body.n}::int as n, ${body.s}::text as s, ${body.at ?? null}::timestamptz as at`);
    });
    registerCalls(app, { db: ctx.db, config: ctx.config, rbac: new RbacCache(ctx.db) }, [probe]);
    try {
      expect(await injectCall(app, 'probe/echo', { n: 2 ** 31 - 1, s: '好 😀', at: '2024-01-01T00:00:00Z' })).toMatchObject({
        code: '00000',
      });
      expect(await injectCall(app, 'probe/echo', { n: 2 ** 31, s: 'x' })).toMatchObject({
        code: 'A0400',
        msg: '参数错误：某个字段不能大于 2147483647',
      });
      expect(await injectCall(app, 'probe/echo', { n: 1e21, s: 'x' })).toMatchObject({
        code: 'A0400',
        msg: '参数错误：某个字段不能大于 2147483647',
      });
      expect(await injectCall(app, 'probe/echo', { n: -(2 ** 31) - 1, s: 'x' })).toMatchObject({
        code: 'A0400',
        msg: '参数错误：某个字段不能小于 -2147483648',
      });
      expect(await injectCall(app, 'probe/echo', { n: 1, s: 'a\u0000b' })).toMatchObject({
        code: 'A0400',
        msg: '参数错误：某个字段含有不允许的字符',
      });
      expect(await injectCall(app, 'probe/echo', { n: 1, s: '\udfff' })).toMatchObject({
        code: 'A0400',
        msg: '参数错误：某个字段含有不允许的字符',
      });
      expect(await injectCall(app, 'probe/echo', { n: 1, s: 'x', at: '0000-01-01T00:00:00Z' })).toMatchObject({
        code: 'A0400',
        msg: '参数错误：时间格式不正确',
      });
    } finally {
      await app.close();
    }
  });

  it('bounds ids as their columns are: int4 ids to 2^31 − 1, bigserial session ids to 2^53 − 1', async () => {
    const token = await ctx.login(TEST_ADMIN.username, TEST_ADMIN.password);
    expect(await ctx.call('role/delete', { id: 2 ** 31 }, { token })).toMatchObject({
      code: 'A0400',
      msg: '参数错误：编号不能大于 2147483647',
    });
    expect(await ctx.call('account/setRoles', { id: 1, roleIds: [2 ** 31] }, { token })).toMatchObject({
      code: 'A0400',
      msg: '参数错误：角色不能大于 2147483647',
    });
    // A bigserial id beyond int4 is a session that does not exist, not an overflow.
    expect(await ctx.call('session/forceLogout', { id: 2 ** 40 }, { token })).toMatchObject({
      code: 'A0400',
      msg: '参数错误：会话不存在或已结束',
    });
    expect(await ctx.call('session/forceLogout', { id: 2 ** 63 }, { token })).toMatchObject({
      code: 'A0400',
      msg: `参数错误：编号不能大于 ${Number.MAX_SAFE_INTEGER}`,
    });
  });

  it('takes dates PostgreSQL stores and refuses the others with A0400', async () => {
    const token = await ctx.login(TEST_ADMIN.username, TEST_ADMIN.password);
    for (const from of ['0001-01-01T00:00:00Z', '9999-12-31T23:59:59.999Z', '2024-01-01T08:00:00+15:59', '2024-01-01 00:00:00Z']) {
      expect(await ctx.call('auditLog/list', { from }, { token })).toMatchObject({ code: '00000' });
    }
    for (const from of [
      '0000-01-01T00:00:00Z',
      '10000-01-01T00:00:00Z',
      '2024-02-30T00:00:00Z',
      '0001-01-01T00:00:00+01:00',
      '9999-12-31T23:59:59-00:01',
      '2024-01-01T00:00:00+16:00',
    ]) {
      expect(await ctx.call('auditLog/list', { from }, { token })).toMatchObject({ code: 'A0400', msg: '参数错误：开始时间格式不正确' });
    }
  });

  it('answers a truncated multipart upload and one with a wrong boundary A0400', async () => {
    const token = await ctx.login(TEST_ADMIN.username, TEST_ADMIN.password);
    const boundary = '----bad-input-boundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 1)]);
    const upload = async (payload: Buffer | string, contentType: string) => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: MEDIA_UPLOAD_URL,
        headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
        payload,
      });
      return { status: response.statusCode, ...response.json() };
    };
    const cases: Array<[string, Buffer | string, string]> = [
      ['truncated in the file', Buffer.concat([Buffer.from(head), png.subarray(0, 50)]), `multipart/form-data; boundary=${boundary}`],
      ['truncated in the headers', `--${boundary}\r\nContent-Disposition: form-da`, `multipart/form-data; boundary=${boundary}`],
      [
        'wrong boundary',
        Buffer.concat([Buffer.from(head), png, Buffer.from(`\r\n--${boundary}--\r\n`)]),
        'multipart/form-data; boundary=something-else',
      ],
      ['no boundary', Buffer.concat([Buffer.from(head), png, Buffer.from(`\r\n--${boundary}--\r\n`)]), 'multipart/form-data'],
      ['empty', '', `multipart/form-data; boundary=${boundary}`],
      ['garbage', 'x'.repeat(1000), `multipart/form-data; boundary=${boundary}`],
    ];
    const answers = [];
    for (const [name, payload, contentType] of cases) {
      const answer = await upload(payload, contentType);
      answers.push({ name, status: answer.status, code: answer.code, msg: answer.msg });
    }
    expect(answers.filter((answer) => answer.status >= 500 || answer.code !== 'A0400')).toEqual([]);
    expect(answers[0]).toMatchObject({ status: 200, msg: '参数错误：上传的数据不完整或格式不正确' });
  });

  it('logs an unexpected failure as one line without the statement or its parameters, identical ones once a minute', async () => {
    const records: Array<Record<string, unknown>> = [];
    const app = await buildApp({ db: ctx.db, config: ctx.config, logger: recordingLogger(records) });
    const token = await ctx.login(TEST_ADMIN.username, TEST_ADMIN.password);
    await ctx.db.execute(sql`alter table news rename to news_away`);
    try {
      for (let index = 0; index < 3; index += 1) {
        const answer = await injectCall(app, 'news/adminList', { title: 'secret-needle' }, { token });
        expect(answer).toMatchObject({ status: 500, code: 'B0001' });
      }
    } finally {
      await ctx.db.execute(sql`alter table news_away rename to news`);
      await app.close();
    }
    const errors = records.filter((record) => record.level === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      msg: 'unexpected failure',
      route: '/api/admin/news/adminList',
      err: { code: '42P01', message: 'relation "news" does not exist', stack: expect.stringMatching(/^at /) },
    });
    const line = JSON.stringify(errors[0]);
    expect(line).not.toMatch(/secret-needle|select |params|parameters/i);
    expect(line).not.toContain('\\n');
  });
});
