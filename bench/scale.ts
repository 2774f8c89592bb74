/**
 * `npm run bench:scale`: the product as deployed (docs/deploy.md): nginx with deploy/nginx.conf in
 * front of one, then two server instances on one PostgreSQL 15 (started here, on 127.0.0.1), with
 * demo data. For each, two closed-loop mixes of CONNECTIONS (30) concurrent clients for DURATION
 * (15) seconds through the balancer:
 *
 *   write mix  order/create then order/confirm, order/recharge, withdrawal/request then its
 *              rejection (the money calls on one salesperson and the members it referred; 佣金结算期
 *              0 days and a one-cent minimum, so each request writes), with account/register and
 *              account/login as two steps in eleven
 *   money mix  the write mix without the registrations and logins
 *   read mix   account/getMenus (a member), account/list (the administrator, first page)
 *
 *   money mix beside a flood  the money mix again while new accounts are registered at the machine's
 *              hash capacity (its cores over one bare hash's time; FLOOD_RATE per second overrides),
 *              each sent on time whatever the answers (at most FLOOD in flight): more than the hashing
 *              pool takes (cores − 1 low-priority children), so its excess is answered A0501 at once,
 *              before any database work, while the children leave the cores to the money calls
 *
 * It prints req/s, p50 and p99 per operation and the answers by code, then the budgets: no B0001,
 * p99 of the money calls (order create, recharge, withdrawal request) under 500 ms, the p50 of
 * logins and registrations beside one bare password hash on this machine (they are bound by it),
 * the money calls' p99 alone and beside the flood, the flood's A0501 answers under 50 ms, and the
 * read mix's throughput with two instances over one. A benchmark: it prints figures and does not
 * fail on a missed budget. CONNECTIONS, FLOOD, FLOOD_RATE, DURATION, INSTANCES (1,2) override.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import postgres from 'postgres';
import { hashPassword } from '../server/auth/password';
import { withoutSecondFactorRoles } from '../e2e/support/secondFactorRoles';
import { freePort } from '../scripts/lib/freePort';
import { CODES } from '#contract/codes';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '#contract/demoAccounts';
import { startPostgres, stopPostgres, type RunningPostgres } from '../tests/server/support/postgres';
import {
  DEPLOY_NGINX_CONF,
  nginxLogs,
  siteConfig,
  startNginx,
  startServer,
  stop,
  waitFor,
  type Running,
} from '../tests/server/support/processes';

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 30);
/** The flood's registrations in flight at most (issue 34: hashing isolated); its rate is FLOOD_RATE. */
const FLOOD_CONNECTIONS = Number(process.env.FLOOD ?? 44);
const BUSY_ANSWER_BUDGET_MS = 50;
const DURATION_S = Number(process.env.DURATION ?? 15);
const INSTANCE_COUNTS = (process.env.INSTANCES ?? '1,2').split(',').map(Number);
const ADMIN_PASSWORD = 'Admin@bench-1234';
const PASSWORD = 'Bench@scale-1234';
const CARD = '6222021000112230';
const MONEY_P99_BUDGET_MS = 500;
const READ_SCALE_BUDGET = 1.6;
const MONEY_OPERATIONS = ['order/create', 'order/recharge', 'withdrawal/request'];

interface Answer {
  isSuccess: boolean;
  code: string;
  msg: string;
  content: any;
}

/** One finished request: its operation, latency, and HTTP status with the answer's code. */
interface Sample {
  operation: string;
  ms: number;
  code: string;
}

class Client {
  readonly samples: Sample[] = [];
  constructor(readonly baseURL: string) {}

  async call(operation: string, body: unknown, token?: string): Promise<Answer> {
    const started = performance.now();
    let answer: Answer;
    let code: string;
    try {
      const response = await fetch(`${this.baseURL}/api/admin/${operation}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      try {
        answer = JSON.parse(text) as Answer;
        code = response.status >= 500 ? `${response.status} ${answer.code}` : answer.code;
      } catch {
        answer = { isSuccess: false, code: `HTTP ${response.status}`, msg: text.slice(0, 80), content: null };
        code = answer.code;
      }
    } catch (error) {
      answer = { isSuccess: false, code: 'network', msg: (error as Error).message, content: null };
      code = 'network';
    }
    this.samples.push({ operation, ms: performance.now() - started, code });
    return answer;
  }

  async must(operation: string, body: unknown, token?: string): Promise<any> {
    const answer = await this.call(operation, body, token);
    if (!answer.isSuccess) throw new Error(`${operation}: ${answer.code} ${answer.msg}`);
    return answer.content;
  }
}

interface World {
  admin: string;
  levelId: number;
  sale: string;
  cardId: number;
  inviteCode: string;
  /** One member per client, each with its own token. */
  members: { id: number; username: string; token: string }[];
  memberToken: string;
}

async function prepare(client: Client): Promise<World> {
  const admin = (await client.must('account/login', { username: 'admin', password: ADMIN_PASSWORD })).token;
  // Commissions payable at once and one-cent withdrawals: the withdrawal calls write, rather than being refused.
  for (const [key, value] of [
    ['commissionHoldDays', 0],
    ['minWithdrawalCents', 1],
    ['withdrawalFeeCents', 0],
  ] as const) {
    await client.must('parameter/update', { key, value }, admin);
  }
  const levels = await client.must('order/levels', {}, admin);
  const username = `bench_sale_${Date.now().toString(36)}`;
  const registered = await client.must('account/register', { username, email: `${username}@example.com`, password: PASSWORD });
  const made = await client.must('sale/setSale', { accountId: registered.id, enabled: true, commissionRate: 1000 }, admin);
  const sale = (await client.must('account/login', { username, password: PASSWORD })).token;
  const card = await client.must('bankCard/add', { holder: '张三', bank: '招商银行', cardNumber: CARD }, sale);
  const members: World['members'] = [];
  for (let index = 0; index < CONNECTIONS; index += 1) {
    const name = `${username}_m${index}`;
    const member = await client.must('account/register', {
      username: name,
      email: `${name}@example.com`,
      password: PASSWORD,
      inviteCode: made.inviteCode,
    });
    members.push({
      id: member.id,
      username: name,
      token: (await client.must('account/login', { username: name, password: PASSWORD })).token,
    });
  }
  const memberToken = (await client.must('account/login', { username: DEMO_ACCOUNTS.member.username, password: DEMO_PASSWORD })).token;
  return { admin, levelId: levels[0].id, sale, cardId: card.id, inviteCode: made.inviteCode, members, memberToken };
}

type Step = (client: Client, world: World, worker: number, round: number) => Promise<unknown>;

const register: Step = (client, world, worker, round) => {
  const name = `bw${worker}_${round}_${Math.random().toString(36).slice(2, 8)}`;
  return client.call('account/register', {
    username: name,
    email: `${name}@example.com`,
    password: PASSWORD,
    inviteCode: world.inviteCode,
  });
};
const login: Step = (client, world, worker) =>
  client.call('account/login', { username: world.members[worker].username, password: PASSWORD });
const buyAndConfirm: Step = async (client, world, worker) => {
  const created = await client.call('order/create', { levelId: world.levelId }, world.members[worker].token);
  if (created.isSuccess) await client.call('order/confirm', { orderNo: created.content.orderNo }, world.admin);
};
const recharge: Step = (client, world, worker) =>
  client.call('order/recharge', { accountId: world.members[worker].id, levelId: world.levelId }, world.admin);
/** A withdrawal of one cent, rejected at once by the administrator so that pending ones stay under 待审核提现笔数上限. */
const withdraw: Step = async (client, world) => {
  const requested = await client.call('withdrawal/request', { cardId: world.cardId, amountCents: 1 }, world.sale);
  if (requested.isSuccess) await client.call('withdrawal/reject', { id: requested.content.id, reason: '压测' }, world.admin);
};

/**
 * The write mix, one step after the other per client: the money calls on one salesperson, with a
 * registration and a login among every eleven steps (each costs a password hash, ~0.4 s of a core:
 * at a higher share the hashes alone fill a small machine's cores and everything queues behind them).
 */
const WRITE_MIX: Step[] = [
  buyAndConfirm,
  recharge,
  withdraw,
  register,
  buyAndConfirm,
  recharge,
  withdraw,
  login,
  buyAndConfirm,
  recharge,
  withdraw,
];
/** The money calls alone: what they cost when no password hash competes for the cores. */
const MONEY_MIX: Step[] = [buyAndConfirm, recharge, withdraw];

const READ_MIX: Step[] = [
  (client, world) => client.call('account/getMenus', undefined, world.memberToken),
  (client, world) => client.call('account/list', { current: 1, pageSize: 20 }, world.admin),
];

/**
 * Registers new accounts at `perSecond`, each sent on its time whatever the answers (an open loop,
 * as a flood from outside is; at most FLOOD_CONNECTIONS in flight): a password hash each unless the
 * pool refuses it (A0501). Registrations rather than logins: repeated logins of a few accounts meet
 * the lockout (A0211, answered without hashing) long before the hashing pool fills.
 */
async function runFlood(
  baseURL: string,
  world: World,
  perSecond: number,
): Promise<{ samples: Sample[]; seconds: number; skipped: number }> {
  const client = new Client(baseURL);
  const started = performance.now();
  const deadline = started + DURATION_S * 1000;
  const inFlight = new Set<Promise<unknown>>();
  let skipped = 0;
  for (let n = 0; ; n += 1) {
    const due = started + (n * 1000) / perSecond;
    if (due >= deadline) break;
    if (due > performance.now()) await new Promise((resolve) => setTimeout(resolve, due - performance.now()));
    if (inFlight.size >= FLOOD_CONNECTIONS) {
      skipped += 1;
      continue;
    }
    const sent: Promise<unknown> = register(client, world, 0, n).finally(() => inFlight.delete(sent));
    inFlight.add(sent);
  }
  await Promise.all(inFlight);
  return { samples: client.samples, seconds: (performance.now() - started) / 1000, skipped };
}

async function runMix(
  baseURL: string,
  world: World,
  mix: Step[],
  connections = CONNECTIONS,
): Promise<{ samples: Sample[]; seconds: number }> {
  const clients = Array.from({ length: connections }, () => new Client(baseURL));
  const started = performance.now();
  const deadline = started + DURATION_S * 1000;
  await Promise.all(
    clients.map(async (client, worker) => {
      for (let round = 0; performance.now() < deadline; round += 1) {
        await mix[(worker + round) % mix.length](client, world, worker, round);
      }
    }),
  );
  return { samples: clients.flatMap((client) => client.samples), seconds: (performance.now() - started) / 1000 };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

interface Line {
  scenario: string;
  operation: string;
  count: number;
  perSecond: number;
  p50: number;
  p99: number;
  codes: string;
}

function summarise(scenario: string, { samples, seconds }: { samples: Sample[]; seconds: number }): Line[] {
  const operations = [...new Set(samples.map((sample) => sample.operation))].sort();
  const lines = ['(all)', ...operations].map((operation) => {
    const mine = operation === '(all)' ? samples : samples.filter((sample) => sample.operation === operation);
    const sorted = mine.map((sample) => sample.ms).sort((a, b) => a - b);
    const codes = new Map<string, number>();
    for (const sample of mine) codes.set(sample.code, (codes.get(sample.code) ?? 0) + 1);
    return {
      scenario,
      operation,
      count: mine.length,
      perSecond: mine.length / seconds,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      codes: [...codes].map(([code, n]) => `${code}×${n}`).join(' '),
    };
  });
  return lines;
}

function printTable(lines: Line[]) {
  const rows = lines.map((line) => [
    line.scenario,
    line.operation,
    String(line.count),
    line.perSecond.toFixed(1),
    line.p50.toFixed(1),
    line.p99.toFixed(1),
    line.codes,
  ]);
  const header = ['scenario', 'operation', 'answers', 'req/s', 'p50 ms', 'p99 ms', 'answers by code'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const format = (row: string[]) =>
    row.map((cell, column) => (column >= 2 && column <= 5 ? cell.padStart(widths[column]) : cell.padEnd(widths[column]))).join('  ');
  console.log(format(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(format(row));
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-scale-'));
  const servers: Running[] = [];
  let nginx: Running | undefined;
  let pg: RunningPostgres | undefined;
  // nginx stops on SIGTERM with its workers (a SIGKILL would leave the workers behind).
  const stopAll = async () => {
    await stop(nginx);
    for (const server of servers) await stop(server, 'SIGTERM');
    if (pg) await stopPostgres(pg);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  process.on('SIGINT', () => void stopAll().then(() => process.exit(130)));
  try {
    console.log(
      `[bench:scale] ${os.cpus().length} cores; ${CONNECTIONS} connections, ${DURATION_S} s per mix; instances: ${INSTANCE_COUNTS.join(', ')}`,
    );
    pg = await startPostgres();
    const admin = postgres(pg.url, { max: 1, onnotice: () => {} });
    await admin.unsafe('create database bench_scale');
    await admin.end();
    const databaseUrl = pg.url.replace(/\/postgres$/, '/bench_scale');
    const env = {
      DATABASE_URL: databaseUrl,
      CONSOLE_DEMO: '1',
      CONSOLE_ADMIN_PASSWORD: ADMIN_PASSWORD,
      CARD_FINGERPRINT_KEY: 'bench-scale-card-fingerprint-key',
      TRUST_PROXY: '127.0.0.1',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
      API_RATE_LIMIT_PER_MINUTE: '100000000',
      // Each worker signs its member in again and again while its other steps use the first session.
      SESSIONS_PER_ACCOUNT: '10000',
      LOG_LEVEL: 'warn',
    };
    const ports = [await freePort(), await freePort()];
    // The first instance alone runs the migrations and the bootstrap; the second starts on them.
    servers.push(startServer('instance-1', ports[0], env));
    await waitFor(`http://127.0.0.1:${ports[0]}/api/ready`, servers[0]);
    servers.push(startServer('instance-2', ports[1], env));
    await waitFor(`http://127.0.0.1:${ports[1]}/api/ready`, servers[1]);
    // The bench's salesperson signs in with a password alone (需要两步验证 would stop it at the enrolment).
    await withoutSecondFactorRoles(`http://127.0.0.1:${ports[0]}`);

    const bareHash = [];
    for (let n = 0; n < 5; n += 1) {
      const started = performance.now();
      await hashPassword(PASSWORD);
      bareHash.push(performance.now() - started);
    }
    const bareHashP50 = percentile(
      bareHash.sort((a, b) => a - b),
      50,
    );
    const hashCapacity = (os.cpus().length * 1000) / bareHashP50;
    const floodRate = Number(process.env.FLOOD_RATE ?? hashCapacity);

    const lines: Line[] = [];
    const readRate = new Map<number, number>();
    /** The flood's logins answered A0501 (the hashing pool full), their latencies sorted, per scenario. */
    const busyAnswers = new Map<string, number[]>();
    for (const count of INSTANCE_COUNTS) {
      await stop(nginx);
      const nginxPort = await freePort();
      const nginxDir = path.join(dir, `nginx-${count}`);
      const site = siteConfig(fs.readFileSync(DEPLOY_NGINX_CONF, 'utf8'), {
        port: nginxPort,
        upstreams: ports.slice(0, count).map((port) => `127.0.0.1:${port}`),
        ...nginxLogs(nginxDir),
      });
      nginx = startNginx(nginxDir, site).running;
      const baseURL = `http://127.0.0.1:${nginxPort}`;
      await waitFor(`${baseURL}/api/ready`, nginx);

      const setup = new Client(baseURL);
      const world = await prepare(setup);
      // Commissions for the withdrawals to draw on.
      for (const member of world.members.slice(0, 5))
        await setup.must('order/recharge', { accountId: member.id, levelId: world.levelId }, world.admin);

      const scenario = `${count} instance${count > 1 ? 's' : ''}`;
      lines.push(...summarise(`${scenario}, write`, await runMix(baseURL, world, WRITE_MIX)));
      lines.push(...summarise(`${scenario}, money`, await runMix(baseURL, world, MONEY_MIX)));
      const [money, flood] = await Promise.all([runMix(baseURL, world, MONEY_MIX), runFlood(baseURL, world, floodRate)]);
      if (flood.skipped) console.log(`${scenario}: ${flood.skipped} flood registrations not sent (${FLOOD_CONNECTIONS} in flight)`);
      lines.push(...summarise(`${scenario}, money beside the flood`, money));
      lines.push(...summarise(`${scenario}, the flood`, flood));
      const busy = flood.samples.filter((sample) => sample.code === CODES.TOO_MANY_REQUESTS).map((sample) => sample.ms);
      busyAnswers.set(
        scenario,
        busy.sort((a, b) => a - b),
      );
      const reads = await runMix(baseURL, world, READ_MIX);
      readRate.set(count, reads.samples.length / reads.seconds);
      lines.push(...summarise(`${scenario}, read`, reads));
    }

    console.log('');
    printTable(lines);
    console.log('');
    const serverErrors = lines
      .filter((line) => line.operation === '(all)')
      .flatMap((line) => (line.codes.includes(CODES.SERVER_ERROR) || / 5\d\d/.test(` ${line.codes}`) ? [line.scenario] : []));
    console.log(`B0001 / 5xx answers: ${serverErrors.length === 0 ? 'none' : `in ${serverErrors.join(', ')}`}`);
    for (const line of lines.filter((line) => MONEY_OPERATIONS.includes(line.operation))) {
      console.log(
        `p99 ${line.operation} (${line.scenario}): ${line.p99.toFixed(0)} ms ${line.p99 < MONEY_P99_BUDGET_MS ? '≤' : '>'} ${MONEY_P99_BUDGET_MS} ms budget`,
      );
    }
    for (const [scenario, busy] of busyAnswers) {
      for (const operation of MONEY_OPERATIONS) {
        const alone = lines.find((line) => line.scenario === `${scenario}, money` && line.operation === operation);
        const beside = lines.find((line) => line.scenario === `${scenario}, money beside the flood` && line.operation === operation);
        if (!alone || !beside) continue;
        console.log(
          `p99 ${operation} (${scenario}): ${alone.p99.toFixed(0)} ms alone, ${beside.p99.toFixed(0)} ms beside ${floodRate.toFixed(1)} registrations/s ` +
            `(×${(beside.p99 / alone.p99).toFixed(2)}; budget ${MONEY_P99_BUDGET_MS} ms)`,
        );
      }
      const at = (p: number) => (busy.length ? percentile(busy, p).toFixed(0) : '-');
      const within = busy.filter((ms) => ms <= BUSY_ANSWER_BUDGET_MS).length;
      console.log(
        `${scenario}: ${busy.length} flood registrations answered A0501 (hashing pool full): p50 ${at(50)}, p90 ${at(90)}, p99 ${at(99)} ms; ` +
          `${within} of ${busy.length} within the ${BUSY_ANSWER_BUDGET_MS} ms budget`,
      );
    }
    console.log(
      `one bare password hash on this machine: p50 ${bareHashP50.toFixed(0)} ms, so at most ${hashCapacity.toFixed(1)} hashes/s on its ${os.cpus().length} cores`,
    );
    for (const scenario of new Set(lines.filter((line) => line.operation === 'account/login').map((line) => line.scenario))) {
      const hashed = lines.filter(
        (line) => line.scenario === scenario && (line.operation === 'account/login' || line.operation === 'account/register'),
      );
      const perSecond = hashed.reduce((sum, line) => sum + line.perSecond, 0);
      console.log(
        `${scenario}: ${perSecond.toFixed(1)} logins + registrations/s = ${((100 * perSecond) / hashCapacity).toFixed(0)} % of that`,
      );
    }
    for (const line of lines.filter((line) => line.operation === 'account/login' || line.operation === 'account/register')) {
      console.log(
        `p50 ${line.operation} (${line.scenario}): ${line.p50.toFixed(0)} ms = ${(line.p50 / bareHashP50).toFixed(1)} × one bare hash`,
      );
    }
    if (readRate.has(1) && readRate.has(2)) {
      const ratio = readRate.get(2)! / readRate.get(1)!;
      console.log(
        `read mix: ${readRate.get(1)!.toFixed(0)} req/s with one instance, ${readRate.get(2)!.toFixed(0)} with two: ×${ratio.toFixed(2)} ` +
          `(budget ×${READ_SCALE_BUDGET} on a machine with cores to spare; this one has ${os.cpus().length}, shared by the load, nginx, PostgreSQL and the instances)`,
      );
    }
  } finally {
    await stopAll();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
