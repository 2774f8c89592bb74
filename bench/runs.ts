/**
 * `npm run bench:runs`: the run ledger's ingestion (运行记录, issue 30) as deployed: two server
 * instances on one PostgreSQL 15 (started here, on 127.0.0.1). MEMBERS (20) members each start a
 * join of ITEMS (2,000) product ids, then report every outcome in batches of BATCH (200) items, each
 * batch through the other instance than the one before, all members at once, and finish. Every
 * tenth batch is sent twice (a plug-in resending a batch whose answer it lost).
 *
 * It prints item outcomes per second, the batch call's p50 and p99, the answers by code, and checks
 * the ledger afterwards: every item counted exactly once. A benchmark: it prints figures and does
 * not fail on a missed goal (≥ 2,000 items/s on this machine). MEMBERS, ITEMS, BATCH override.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import postgres from 'postgres';
import { CODES } from '#contract/codes';
import { call, must, percentile, startTwoInstances } from './support/twoInstances';

const MEMBERS = Number(process.env.MEMBERS ?? 20);
const ITEMS = Number(process.env.ITEMS ?? 2000);
const BATCH = Number(process.env.BATCH ?? 200);
const GOAL_ITEMS_PER_SECOND = 2000;
const PASSWORD = 'Bench@runs-1234';

async function main() {
  console.log(`[bench:runs] ${os.cpus().length} cores; ${MEMBERS} members × ${ITEMS} product ids, batches of ${BATCH}, 2 instances`);
  const { bases, databaseUrl, stopAll } = await startTwoInstances('bench_runs');
  try {
    // The members, with a membership whose product quota takes a whole join.
    const sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });
    const members: { session: string; plugin: string; runId: number; ids: string[] }[] = [];
    for (let n = 0; n < MEMBERS; n += 1) {
      const username = `bench_runs_${n}`;
      await must(bases[n % 2], 'account/register', { username, email: `${username}@example.com`, password: PASSWORD });
      await sql`update membership_levels set product_quota = greatest(product_quota, ${ITEMS})
                where id = (select id from membership_levels order by id limit 1)`;
      await sql`update accounts set membership_level_id = (select id from membership_levels order by id limit 1),
                                    membership_expires_at = now() + interval '30 days' where username = ${username}`;
      const { token: session } = await must<{ token: string }>(bases[n % 2], 'account/login', { username, password: PASSWORD });
      const { token: plugin } = await must<{ token: string }>(bases[n % 2], 'plugin/token', {}, session);
      const ids = Array.from({ length: ITEMS }, (_, index) => String(9_000_000_000 + n * 100_000 + index));
      const { runId } = await must<{ runId: number }>(
        bases[n % 2],
        'run/start',
        { flow: 'join', platform: 'tiktok', productIds: ids },
        session,
      );
      members.push({ session, plugin, runId, ids });
    }

    const latencies: number[] = [];
    const codes = new Map<string, number>();
    const started = performance.now();
    await Promise.all(
      members.map(async (member, n) => {
        for (let batch = 1; batch * BATCH <= ITEMS + BATCH - 1; batch += 1) {
          const items = member.ids.slice((batch - 1) * BATCH, batch * BATCH).map((productId, index) => ({
            productId,
            outcome: index % 10 === 0 ? 'failed' : 'joined',
            ...(index % 10 === 0 ? { reason: '第 3 步（click）：未找到元素 #add' } : {}),
          }));
          const sends = batch % 10 === 0 ? 2 : 1;
          for (let send = 0; send < sends; send += 1) {
            const at = performance.now();
            const answer = await call(bases[(n + batch + send) % 2], 'run/report', { runId: member.runId, batch, items }, member.plugin);
            latencies.push(performance.now() - at);
            codes.set(answer.code, (codes.get(answer.code) ?? 0) + 1);
          }
        }
        await must(bases[n % 2], 'run/finish', { runId: member.runId, ending: 'succeeded' }, member.plugin);
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const items = MEMBERS * ITEMS;
    const sorted = latencies.sort((a, b) => a - b);
    const [ledger] = await sql<{ items: number; joined: number; failed: number }[]>`
      select sum(item_count)::int as items, sum(joined)::int as joined, sum(failed)::int as failed from plugin_runs where flow = 'join'`;
    const [reported] = await sql<{ n: number }[]>`select count(*)::int as n from plugin_run_items where outcome <> 'pending'`;
    await sql.end();

    console.log('');
    console.log(
      `item outcomes: ${items} in ${seconds.toFixed(1)} s = ${(items / seconds).toFixed(0)} items/s (goal ≥ ${GOAL_ITEMS_PER_SECOND})`,
    );
    console.log(
      `run/report: ${latencies.length} calls, p50 ${percentile(sorted, 50).toFixed(0)} ms, p99 ${percentile(sorted, 99).toFixed(0)} ms`,
    );
    console.log(
      `answers by code: ${[...codes].map(([code, n]) => `${code}×${n}`).join(' ')} ${codes.has(CODES.SERVER_ERROR) ? '(B0001!)' : ''}`,
    );
    const exact = ledger.items === items && reported.n === items && ledger.joined + ledger.failed === items;
    console.log(
      `ledger: ${ledger.items} items, ${reported.n} reported, counts ${ledger.joined} joined + ${ledger.failed} failed: ${exact ? 'every item counted once' : 'MISMATCH'}`,
    );
  } finally {
    await stopAll();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
