/**
 * `tsx bench/users-list.ts`: the users screen's first page at scale. Seeds ACCOUNTS (100,000)
 * accounts into an in-memory PGlite (migrated and bootstrapped like a real start, each account with
 * a role, a fifth of them with a membership, a few referred), then times `account/list` through the
 * app (authentication, grant check, validation and the queries: what the console waits for) with
 * the screen's default page and a username filter. Budget: p95 < 50 ms on PGlite.
 *
 * A benchmark: it prints figures and does not fail on a missed budget. ACCOUNTS and RUNS override;
 * DATASET=names|uniform picks the usernames; DATABASE_URL runs it on an (empty) PostgreSQL
 * database instead; EXPLAIN=zh,zhangwei also prints the plans of the statements run for these
 * usernames. The load average is printed too: on a shared machine the figures follow it.
 */
import os from 'node:os';
import { sql, type SQL } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { bootstrap } from '../server/bootstrap';
import { accountPageStatements, RECENT_ACCOUNTS, withSearchIndexes } from '../server/account/list';
import { openDatabase } from '../server/db/client';
import { queryRows } from '../server/db/query';
import { injectCall, testConfig } from '../tests/server/support/databases';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '#contract/demoAccounts';

const ACCOUNTS = Number(process.env.ACCOUNTS ?? 100_000);
/**
 * names: usernames like real ones (pinyin name + number: `zhangwei12345`); uniform: `user_000001`…,
 * the worst case for trigrams (every name shares `user_`).
 */
const DATASET = (process.env.DATASET ?? 'names') as 'names' | 'uniform';
const SURNAMES = [
  'wang',
  'li',
  'zhang',
  'liu',
  'chen',
  'yang',
  'huang',
  'zhao',
  'wu',
  'zhou',
  'xu',
  'sun',
  'ma',
  'zhu',
  'hu',
  'guo',
  'he',
  'lin',
  'luo',
  'gao',
];
const GIVEN = [
  'wei',
  'fang',
  'na',
  'min',
  'jing',
  'lei',
  'qiang',
  'jun',
  'yang',
  'yong',
  'yan',
  'jie',
  'tao',
  'ming',
  'chao',
  'xiu',
  'hui',
  'ling',
  'bo',
  'hao',
  'tom',
  'amy',
  'leo',
  'max',
  'zoe',
];
const RUNS = Number(process.env.RUNS ?? 200);
const P95_BUDGET_MS = 50;

/** Seeds `count` accounts in one statement per table (a shared dummy hash: nobody logs in as them). */
async function seedAccounts(db: Awaited<ReturnType<typeof openDatabase>>['db'], count: number) {
  await db.execute(sql`
    insert into accounts (username, email, password_hash, status, membership_level_id, membership_expires_at, created_at)
    select ${
      DATASET === 'uniform'
        ? sql`'user_' || lpad(n::text, 6, '0')`
        : sql`(${`{${SURNAMES.join(',')}}`}::text[])[1 + n % ${SURNAMES.length}]
             || (${`{${GIVEN.join(',')}}`}::text[])[1 + (n / ${SURNAMES.length}) % ${GIVEN.length}] || n::text`
    },
           'mail' || n || '@' || (array['example.com', 'corp.example', 'mail.example'])[1 + n % 3],
           'scrypt$dummy', case when n % 50 = 0 then 'disabled' else 'enabled' end,
           case when n % 5 = 0 then (select id from membership_levels order by id limit 1) end,
           case when n % 5 = 0 then now() + interval '30 days' end,
           now() - make_interval(secs => n)
    from generate_series(1, ${count}) as n`);
  await db.execute(sql`
    insert into account_roles (account_id, role_id)
    select a.id, (select id from roles where code = 'member') from accounts a where a.email like 'mail%'`);
  await db.execute(sql`analyze`);
}

function percentile(sorted: readonly number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function main() {
  const started = Date.now();
  // DATABASE_URL: the same on a PostgreSQL server (an empty database: the bench migrates and seeds it).
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
  const config = testConfig({ demo: true });
  await bootstrap({ db: database.db, config, print: () => {} });
  await seedAccounts(database.db, ACCOUNTS);
  console.log(
    `${database.kind}: seeded ${ACCOUNTS.toLocaleString('en-US')} accounts (${DATASET}) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );

  const app = await buildApp({ db: database.db, config });
  const login = await injectCall(app, 'account/login', { username: DEMO_ACCOUNTS.superAdmin.username, password: DEMO_PASSWORD });
  const token = login.content.token as string;

  // What an administrator types: one, two or more characters, common and rare, the start of a name
  // and a part inside it, a whole name, nothing that exists. Each case draws its text at random.
  const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)];
  const seeded = () => 1 + Math.floor(Math.random() * ACCOUNTS);
  const usernameOf = (n: number) =>
    DATASET === 'uniform'
      ? `user_${String(n).padStart(6, '0')}`
      : `${SURNAMES[n % SURNAMES.length]}${GIVEN[Math.floor(n / SURNAMES.length) % GIVEN.length]}${n}`;
  const byDataset = (names: () => string, uniform: () => string) => () => ({ username: DATASET === 'uniform' ? uniform() : names() });
  const usernameCases: Array<{ name: string; body: () => Record<string, unknown> }> = [
    {
      name: '1 char, common (a, n, 1...)',
      body: byDataset(
        () => pick(['a', 'n', 'g', 'i', 'e', '1']),
        () => pick(['u', 's', '1', '5', '0']),
      ),
    },
    {
      name: '1 char, rare (k, p, v / a, d, m)',
      body: byDataset(
        () => pick(['k', 'p', 'v', 'd']),
        () => pick(['a', 'd', 'm', 'o']),
      ),
    },
    {
      name: '2 chars, common (an, zh / 12, r_)',
      body: byDataset(
        () => pick(['an', 'zh', 'ng', 'we', '12']),
        () => pick(['12', '00', 'r_', '45']),
      ),
    },
    {
      name: '2 chars, some (zo, qi / 99, 42)',
      body: byDataset(
        () => pick(['zo', 'qi', 'xu', 'ao']),
        () => pick(['99', '42', '07', '_1']),
      ),
    },
    { name: '2 chars, rare (de, mo, ad)', body: () => ({ username: pick(['de', 'mo', 'ad', 'op']) }) },
    { name: '2 chars, no match (qz, kv...)', body: () => ({ username: pick(['qz', 'kv', 'xq', 'vb']) }) },
    {
      name: 'prefix, common (zhang / user_0)',
      body: byDataset(
        () => pick(SURNAMES.filter((s) => s.length >= 3)),
        () => 'user_0',
      ),
    },
    {
      name: 'prefix, banded (zhangwei / user_0N)',
      body: byDataset(
        () => `${pick(SURNAMES)}${pick(GIVEN)}`,
        () => `user_0${Math.floor(Math.random() * 10)}`,
      ),
    },
    {
      name: 'infix, hundreds (~200 / ~1000)',
      body: byDataset(
        () => `${pick(GIVEN)}${1 + Math.floor(Math.random() * 9)}`,
        () => `_0${10 + Math.floor(Math.random() * 90)}`,
      ),
    },
    { name: 'infix, 4 digits (~10-20)', body: () => ({ username: String(1000 + Math.floor(Math.random() * 9000)) }) },
    { name: 'part of one (a few matches)', body: () => ({ username: usernameOf(seeded()).slice(0, -1) }) },
    { name: 'whole username (1 match)', body: () => ({ username: usernameOf(seeded()).toUpperCase() }) },
    { name: 'no match (nobody123456)', body: () => ({ username: `nobody${Math.floor(Math.random() * 1e6)}` }) },
  ];
  const cases = [
    ...usernameCases.map((c) => ({ ...c, name: `username: ${c.name}` })),
    { name: 'no filter', body: () => ({}) },
    { name: 'email domain + status', body: () => ({ email: 'corp.example', status: 'enabled' }) },
  ];

  if (process.env.EXPLAIN) {
    // EXPLAIN=zh,zhangwei: the plans of the statements account/list runs for these usernames.
    const explain = async (statement: SQL, indexed: boolean) => {
      const plan = await withSearchIndexes(database.db, indexed, (tx) =>
        queryRows<{ 'QUERY PLAN': string }>(tx, sql`explain analyze ${statement}`),
      );
      console.log(plan.map((row) => `    ${row['QUERY PLAN']}`).join('\n'));
    };
    for (const username of process.env.EXPLAIN.split(',')) {
      const statements = accountPageStatements({ username }, 1, 10);
      console.log(`\n${username}: 1. the matches among the newest ${RECENT_ACCOUNTS} accounts`);
      await explain(statements.recent, false);
      console.log(`${username}: 2. the matches up to the cap (through the indexes: ${statements.indexed})`);
      await explain(statements.upToCap, statements.indexed);
      console.log(`${username}: 3. the page sorted from all matches (capped, rare among the newest)`);
      await explain(statements.sortedPage, statements.indexed);
      console.log(`${username}: 3'. the page walking created_at (capped, common among the newest)`);
      await explain(statements.walkedPage, false);
    }
  }

  console.log(`\naccount/list, first page (pageSize 10), ${RUNS} runs each, after 10 warm-up calls:`);
  console.log('case'.padEnd(44), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8), 'max ms'.padStart(8), 'total'.padStart(8));
  for (const { name, body } of cases) {
    for (let i = 0; i < 10; i += 1) await injectCall(app, 'account/list', { current: 1, pageSize: 10, ...body() }, { token });
    const times: number[] = [];
    let total = 0;
    let capped = false;
    for (let i = 0; i < RUNS; i += 1) {
      const t0 = performance.now();
      const answer = await injectCall(app, 'account/list', { current: 1, pageSize: 10, ...body() }, { token });
      times.push(performance.now() - t0);
      if (answer.code !== '00000') throw new Error(`account/list failed: ${answer.code} ${answer.msg}`);
      total = answer.content.total;
      capped = Boolean(answer.content.totalCapped);
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    console.log(
      name.padEnd(44),
      percentile(times, 50).toFixed(1).padStart(8),
      p95.toFixed(1).padStart(8),
      times[times.length - 1].toFixed(1).padStart(8),
      `${total}${capped ? '+' : ''}`.padStart(8),
      p95 < P95_BUDGET_MS ? '' : `  over the ${P95_BUDGET_MS} ms budget`,
    );
  }
  console.log(
    `\nload average (1, 5 min): ${os
      .loadavg()
      .slice(0, 2)
      .map((n) => n.toFixed(1))
      .join(', ')} on ${os.cpus().length} cores`,
  );
  await app.close();
  await database.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
