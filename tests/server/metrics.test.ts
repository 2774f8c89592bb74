/**
 * GET /metrics (issue 34): scraped after some calls, the right series moved; only an allowed
 * address or the token reads it. The hashing pool's refusal (A0501) and its series.
 */
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '#contract/demoAccounts';
import { buildApp } from '../../server/app';
import { configureHashPool, hashPoolState, inHashPool } from '../../server/auth/hashPool';
import { HASHING_BUSY_MESSAGE } from '../../server/auth/messages';
import { withTransactionRetry } from '../../server/db/retry';
import { ServerMetrics } from '../../server/metrics/metrics';
import { describeEachDatabase } from './support/databases';
import { one, sql } from './support/sql';

/** The samples of a Prometheus text exposition: `name{labels}` → value. */
function samples(text: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    found.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return found;
}

const series = (name: string, labels: Record<string, string> = {}) => {
  const pairs = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  return pairs.length ? `${name}{${pairs.join(',')}}` : name;
};

describeEachDatabase('metrics', (ctx) => {
  const attempts = async () => Number((await one(ctx.db, sql`select count(*) as n from auth_attempts`)).n);
  const scrape = async (options: { remoteAddress?: string; token?: string } = {}) =>
    ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: options.remoteAddress ?? '127.0.0.1',
      headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    });

  it('counts answers by call, status and code, with their durations, the hashes and the pool', async () => {
    const before = samples((await scrape()).body);
    const count = (name: string, labels: Record<string, string>) => before.get(series(name, labels)) ?? 0;
    const login = { call: 'account/login', method: 'POST', status: '200' };

    const token = await ctx.login(DEMO_ACCOUNTS.member.username);
    expect((await ctx.call('account/login', { username: DEMO_ACCOUNTS.member.username, password: 'wrong-Password-1' })).code).toBe('A0210');
    expect((await ctx.call('order/list', {}, { token })).code).toBe('00000');
    expect((await ctx.call('account/list', {}, { token })).code).toBe('A0301');
    expect((await ctx.call('order/list', { pageSize: 'many' }, { token })).code).toBe('A0400');

    const answer = await scrape();
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const after = samples(answer.body);
    const moved = (name: string, labels: Record<string, string>) => (after.get(series(name, labels)) ?? 0) - count(name, labels);
    expect(moved('console_requests_total', { ...login, code: '00000' })).toBe(1);
    expect(moved('console_requests_total', { ...login, code: 'A0210' })).toBe(1);
    expect(moved('console_requests_total', { call: 'order/list', method: 'POST', status: '200', code: '00000' })).toBe(1);
    expect(moved('console_requests_total', { call: 'order/list', method: 'POST', status: '200', code: 'A0400' })).toBe(1);
    expect(moved('console_requests_total', { call: 'account/list', method: 'POST', status: '200', code: 'A0301' })).toBe(1);
    expect(moved('console_request_duration_seconds_count', { call: 'account/login' })).toBe(2);
    expect(moved('console_password_hash_wait_seconds_count', {})).toBeGreaterThanOrEqual(2);
    // Labels are the contract's paths and route patterns, never a raw URL.
    const unmatched = await ctx.app.inject({ method: 'POST', url: '/api/admin/no/such/call?x=1' });
    expect(unmatched.statusCode).toBe(404);
    const labels = [...samples((await scrape()).body).keys()].filter((key) => key.startsWith('console_requests_total'));
    expect(labels.some((key) => key.includes('no/such'))).toBe(false);
    expect(labels).toContainEqual(expect.stringContaining('call="unmatched"'));

    expect(after.get(series('console_db_pool_size'))).toBe(ctx.config.databaseUrl ? 10 : 1);
    expect(after.get(series('console_db_transactions_active'))).toBe(0);
    expect(after.get(series('console_notification_streams_open'))).toBe(0);
    expect(after.get(series('console_password_hashes', { state: 'queued' }))).toBe(0);
  });

  it('answers only an allowed address or the token, whatever X-Forwarded-For claims', async () => {
    expect((await scrape({ remoteAddress: '203.0.113.9' })).statusCode).toBe(404);
    const forwarded = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(forwarded.statusCode).toBe(404);

    const token = 'scrape-token-0123456789';
    const withToken = await buildApp({ db: ctx.db, config: { ...ctx.config, metricsToken: token, metricsAllow: [] } });
    try {
      const inject = (remoteAddress: string, bearer?: string) =>
        withToken.inject({ method: 'GET', url: '/metrics', remoteAddress, headers: bearer ? { authorization: `Bearer ${bearer}` } : {} });
      expect((await inject('127.0.0.1')).statusCode).toBe(404);
      expect((await inject('203.0.113.9', 'wrong-token-0123456789')).statusCode).toBe(404);
      expect((await inject('203.0.113.9', token)).statusCode).toBe(200);
    } finally {
      await withToken.close();
    }
  });

  it('a full hashing pool answers a login and a registration A0501 at once, before any database work, and counts the refusals', async () => {
    const limits = hashPoolState();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    configureHashPool({ concurrency: 1, queueLimit: 0 });
    const holder = inHashPool(() => held);
    try {
      const refusedBefore = hashPoolState().refused;
      const attemptsBefore = await attempts();
      const started = performance.now();
      const answer = await ctx.call('account/login', { username: DEMO_ACCOUNTS.member.username, password: DEMO_PASSWORD });
      expect({ code: answer.code, msg: answer.msg }).toEqual({ code: 'A0501', msg: HASHING_BUSY_MESSAGE });
      expect(performance.now() - started).toBeLessThan(1_000);
      const registration = await ctx.call('account/register', {
        username: `flood_${ctx.kind}`,
        email: `flood_${ctx.kind}@example.com`,
        password: 'Flood@metrics-2468',
      });
      expect(registration.code).toBe('A0501');
      // Refused before the attempt is counted (the per-address limit's insert) or the strength checked.
      expect(await attempts()).toBe(attemptsBefore);
      expect(hashPoolState().refused).toBe(refusedBefore + 2);
      const text = samples((await scrape()).body);
      expect(text.get(series('console_password_hashes_refused_total'))).toBe(refusedBefore + 2);
      expect(text.get(series('console_password_hashes', { state: 'running' }))).toBe(1);
    } finally {
      release();
      await holder;
      configureHashPool({ concurrency: limits.concurrency, queueLimit: limits.queueLimit });
    }
    expect((await ctx.call('account/login', { username: DEMO_ACCOUNTS.member.username, password: DEMO_PASSWORD })).code).toBe('00000');
  });
});

describe('metrics of the parts', () => {
  it('counts a retried transaction by its SQLSTATE and a job round by its outcome', async () => {
    const metrics = new ServerMetrics({ transactions: () => ({ active: 0, poolSize: 1 }), openStreams: () => 0 });
    let tries = 0;
    const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    const fake = {
      transaction: async (callback: (tx: unknown) => Promise<unknown>) => {
        tries += 1;
        if (tries === 1) throw deadlock;
        return callback({});
      },
    } as any;
    const activity = { active: 0 };
    const db = withTransactionRetry(fake, (retry) => metrics.transactionRetries.inc({ code: retry.code }), activity);
    await expect(db.transaction(async () => activity.active)).resolves.toBe(1);
    expect(activity.active).toBe(0);
    await expect(metrics.timeJob('notifications', async () => 'done')).resolves.toBe('done');
    await expect(metrics.timeJob('notifications', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    const text = samples(await metrics.registry.metrics());
    expect(text.get(series('console_db_transaction_retries_total', { code: '40P01' }))).toBe(1);
    expect(text.get(series('console_job_runs_total', { task: 'notifications', outcome: 'ok' }))).toBe(1);
    expect(text.get(series('console_job_runs_total', { task: 'notifications', outcome: 'failed' }))).toBe(1);
    expect(text.get(series('console_job_duration_seconds_count', { task: 'notifications' }))).toBe(2);
  });
});
