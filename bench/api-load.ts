/**
 * `npm run bench:api`: HTTP load on the server, with autocannon (50 connections, 10 s each):
 * POST /api/admin/account/getMenus with a demo_member bearer token, beside GET /api/health (a bare
 * route of the same server: the ceiling). Run on PGlite (a fresh DATA_DIR) and then on a PostgreSQL
 * 15 server it starts itself (the server tests' harness, tests/server/support/postgres.ts).
 *
 * Each server is started as `npm start` does it (scripts/start.mjs, SKIP_BUILD=1: the console is not
 * needed), on 127.0.0.1 and a free port, with CONSOLE_DEMO=1 and LOG_LEVEL=warn (BENCH_LOG_LEVEL to
 * change it: at `info` the server logs two lines per request). Every getMenus answer is checked
 * against the first one (a changed body counts as an error). Budgets: getMenus ≥ 1,500 req/s on
 * PGlite, ≥ 5,000 req/s on PostgreSQL, p99 < 50 ms. A benchmark: it prints figures and does not
 * fail on a missed budget. CONNECTIONS, DURATION (seconds), DATABASES (pglite,postgres) override.
 */
import os from 'node:os';
import path from 'node:path';
import { ROOT, startProduct, type RunningProduct } from '../e2e/support/product';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '#contract/demoAccounts';
import { startPostgres, stopPostgres, type RunningPostgres } from '../tests/server/support/postgres';

interface Histogram {
  average: number;
  mean: number;
  p50: number;
  p99: number;
  max: number;
}
interface AutocannonResult {
  requests: Histogram & { total: number };
  latency: Histogram;
  throughput: Histogram;
  errors: number;
  timeouts: number;
  mismatches: number;
  non2xx: number;
  '2xx': number;
  duration: number;
}
interface AutocannonOptions {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  duration: number;
  expectBody?: string;
}
// autocannon ships no types.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- untyped CommonJS package: require() lets it be typed by the assertion below
const autocannon = require('autocannon') as (options: AutocannonOptions) => Promise<AutocannonResult>;

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const DURATION = Number(process.env.DURATION ?? 10);
const WARMUP = 3;
const P99_BUDGET_MS = 50;
const BUDGETS: Record<Kind, number> = { pglite: 1_500, postgres: 5_000 };
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'warn';
type Kind = 'pglite' | 'postgres';
const KINDS = (process.env.DATABASES ?? 'pglite,postgres').split(',').filter(Boolean) as Kind[];
const { username } = DEMO_ACCOUNTS.member;

interface Row {
  kind: Kind;
  route: string;
  result: AutocannonResult;
  budget?: number;
}

async function login(baseURL: string): Promise<string> {
  const response = await fetch(`${baseURL}/api/admin/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  const body = (await response.json()) as { isSuccess: boolean; code: string; msg: string; content: { token: string } };
  if (!body.isSuccess) throw new Error(`login ${username} failed: ${body.code} ${body.msg}`);
  return body.content.token;
}

async function benchServer(kind: Kind, product: RunningProduct): Promise<Row[]> {
  const token = await login(product.baseURL);
  const menus: AutocannonOptions = {
    url: `${product.baseURL}/api/admin/account/getMenus`,
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
    connections: CONNECTIONS,
    duration: DURATION,
  };
  const sample = await fetch(menus.url, { method: 'POST', headers: menus.headers, body: menus.body });
  const expectBody = await sample.text();
  const parsed = JSON.parse(expectBody) as { code: string; content: unknown[] };
  if (parsed.code !== '00000' || !Array.isArray(parsed.content)) throw new Error(`getMenus answered ${expectBody.slice(0, 200)}`);
  const health: AutocannonOptions = { url: `${product.baseURL}/api/health`, connections: CONNECTIONS, duration: DURATION };

  console.log(`[bench:api] ${kind}: warming up (${WARMUP} s each)…`);
  await autocannon({ ...menus, duration: WARMUP });
  await autocannon({ ...health, duration: WARMUP });

  console.log(`[bench:api] ${kind}: POST getMenus, ${CONNECTIONS} connections, ${DURATION} s…`);
  const menusResult = await autocannon({ ...menus, expectBody });
  console.log(`[bench:api] ${kind}: GET /api/health, ${CONNECTIONS} connections, ${DURATION} s…`);
  const healthResult = await autocannon(health);

  // The token still works after the run (the figures are of real answers, not of refusals).
  const after = (await (await fetch(menus.url, { method: 'POST', headers: menus.headers, body: menus.body })).json()) as { code: string };
  if (after.code !== '00000') console.log(`[bench:api] ${kind}: WARNING getMenus answers ${after.code} after the run`);

  return [
    { kind, route: 'POST /api/admin/account/getMenus', result: menusResult, budget: BUDGETS[kind] },
    { kind, route: 'GET /api/health (ceiling)', result: healthResult },
  ];
}

function print(rows: Row[]) {
  const header = ['database', 'route', 'req/s', 'p50 ms', 'p99 ms', 'max ms', 'requests', 'errors', 'non-2xx', 'budget'];
  const lines = rows.map((row) => {
    const { result } = row;
    const failures = result.errors + result.timeouts + result.mismatches;
    let budget = '';
    if (row.budget) {
      const okRate = result.requests.average >= row.budget;
      const okP99 = result.latency.p99 < P99_BUDGET_MS;
      budget = `≥ ${row.budget.toLocaleString('en')} req/s ${okRate ? 'met' : 'MISSED'}; p99 < ${P99_BUDGET_MS} ms ${okP99 ? 'met' : 'MISSED'}`;
    }
    return [
      row.kind,
      row.route,
      Math.round(result.requests.average).toLocaleString('en'),
      String(result.latency.p50),
      String(result.latency.p99),
      String(result.latency.max),
      result.requests.total.toLocaleString('en'),
      `${failures}${result.timeouts ? ` (${result.timeouts} timeouts)` : ''}${result.mismatches ? ` (${result.mismatches} wrong bodies)` : ''}`,
      String(result.non2xx),
      budget,
    ];
  });
  const widths = header.map((title, index) => Math.max(title.length, ...lines.map((line) => line[index].length)));
  const format = (cells: string[]) =>
    cells.map((cell, index) => (index < 2 || index === 9 ? cell.padEnd(widths[index]) : cell.padStart(widths[index]))).join('  ');
  console.log(`\n${format(header)}`);
  for (const line of lines) console.log(format(line));
}

async function main() {
  console.log(
    `[bench:api] autocannon ${CONNECTIONS} connections × ${DURATION} s, server LOG_LEVEL=${LOG_LEVEL}, node ${process.version}, ` +
      `${os.cpus().length} CPUs shared by server and load generator`,
  );
  const rows: Row[] = [];
  for (const kind of KINDS) {
    let postgres: RunningPostgres | undefined;
    let product: RunningProduct | undefined;
    try {
      const env: Record<string, string> = { SKIP_BUILD: '1', LOG_LEVEL };
      if (kind === 'postgres') {
        console.log('[bench:api] starting PostgreSQL 15…');
        postgres = await startPostgres();
        const pid = postgres.pid;
        // Whatever happens to the benchmark, do not leave the server behind.
        process.once('exit', () => {
          try {
            process.kill(pid, 'SIGQUIT');
          } catch {
            // stopped already
          }
        });
        env.DATABASE_URL = postgres.url;
        env.CARD_FINGERPRINT_KEY = 'bench-card-fingerprint-key';
      }
      console.log(`[bench:api] starting the server on ${kind}…`);
      product = await startProduct({ label: `console-bench-api-${kind}`, env, requireConsole: false });
      rows.push(...(await benchServer(kind, product)));
    } finally {
      // The server's log, for when a figure looks wrong (bench/results is not committed).
      await product?.stop({ keepLogAt: path.join(ROOT, 'bench', 'results', `api-server-${kind}.log`) });
      if (postgres) await stopPostgres(postgres);
    }
  }
  print(rows);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
