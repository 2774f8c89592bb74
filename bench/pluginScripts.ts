/**
 * `npm run bench:scripts`: what `plugin/scripts` costs with staged rollouts (issue 30 point 6), as
 * deployed: two server instances on one PostgreSQL 15 (started here, on 127.0.0.1). MEMBERS (20)
 * plug-ins poll it POLLS (100) times each, all at once, alternating instances, each with the ETag of
 * its last answer, as the reference extension does: first with no rollout running, then with a
 * canary of two action scripts (a quarter of the members named, and 30 % of every account). A
 * first round, not counted, warms both instances.
 *
 * It prints, for both phases, requests per second, p50 and p99, and the share answered 304; the
 * ratio of the two throughputs (this machine is shared and noisy: compare within one run); and
 * checks that each member was served its cohort's versions. MEMBERS and POLLS override.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import postgres from 'postgres';
import type { PluginScripts } from '#contract/api/plugin';
import type { ScriptDetail, ScriptListItem } from '#contract/api/script';
import type { Page } from '#contract/api/common';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '#contract/demoAccounts';
import { inCohort } from '#contract/rollout';
import { callRaw, must, percentile, startTwoInstances } from './support/twoInstances';

const MEMBERS = Number(process.env.MEMBERS ?? 20);
const POLLS = Number(process.env.POLLS ?? 100);
const PASSWORD = 'Bench@scripts-1234';
const ROLLED_OUT = ['批量邀请达人', '读取店铺信息'];
const PERCENT = 30;

interface Member {
  id: number;
  username: string;
  plugin: string;
  etag: string | null;
  scripts: PluginScripts['scripts'];
}

interface Phase {
  perSecond: number;
  p50: number;
  p99: number;
  notModified: number;
}

/** Every member polls POLLS times with its last ETag, all at once. */
async function poll(bases: string[], members: Member[]): Promise<Phase> {
  const latencies: number[] = [];
  let notModified = 0;
  const started = performance.now();
  await Promise.all(
    members.map(async (member, n) => {
      for (let round = 0; round < POLLS; round += 1) {
        const at = performance.now();
        const { status, etag, answer } = await callRaw<PluginScripts>(
          bases[(n + round) % 2],
          'plugin/scripts',
          {},
          member.plugin,
          member.etag ? { 'if-none-match': member.etag } : {},
        );
        latencies.push(performance.now() - at);
        if (status === 304) notModified += 1;
        else if (answer?.isSuccess) {
          member.etag = etag;
          member.scripts = answer.content.scripts;
        } else throw new Error(`plugin/scripts: ${status} ${answer?.code} ${answer?.msg}`);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  return {
    perSecond: latencies.length / seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    notModified: notModified / latencies.length,
  };
}

const line = (name: string, phase: Phase) =>
  `${name}: ${phase.perSecond.toFixed(0)} req/s, p50 ${phase.p50.toFixed(1)} ms, p99 ${phase.p99.toFixed(1)} ms, 304 ${(phase.notModified * 100).toFixed(1)} %`;

async function main() {
  console.log(`[bench:scripts] ${os.cpus().length} cores; ${MEMBERS} plug-ins × ${POLLS} polls of plugin/scripts, 2 instances`);
  const { bases, databaseUrl, stopAll } = await startTwoInstances('bench_scripts');
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const login = async (username: string, password = DEMO_PASSWORD) =>
      (await must<{ token: string }>(bases[0], 'account/login', { username, password })).token;
    const members: Member[] = [];
    for (let n = 0; n < MEMBERS; n += 1) {
      const username = `bench_scripts_${n}`;
      await must(bases[n % 2], 'account/register', { username, email: `${username}@example.com`, password: PASSWORD });
      const session = await login(username, PASSWORD);
      const { token: plugin } = await must<{ token: string }>(bases[n % 2], 'plugin/token', {}, session);
      const [{ id }] = await sql<{ id: number }[]>`select id from accounts where username = ${username}`;
      members.push({ id, username, plugin, etag: null, scripts: [] });
    }
    // A first round warms both instances (JIT, pools, ETags) and is not counted.
    await poll(bases, members);
    const without = await poll(bases, members);

    // A canary of two action scripts: the operator saves, the reviewer approves for the cohort.
    const operator = await login(DEMO_ACCOUNTS.operator.username);
    const reviewer = await login(DEMO_ACCOUNTS.reviewer.username);
    const cohort = members.slice(0, Math.ceil(MEMBERS / 4)).map((member) => member.username);
    const canaries = new Map<number, number>();
    for (const name of ROLLED_OUT) {
      const [listed] = (await must<Page<ScriptListItem>>(bases[0], 'script/list', { kind: 'action', name }, operator)).list;
      const script = await must<ScriptDetail>(bases[0], 'script/get', { id: listed.id }, operator);
      const content = JSON.parse(script.content) as { steps: unknown[] };
      const saved = await must<ScriptDetail>(
        bases[0],
        'script/save',
        {
          id: script.id,
          baseVersion: script.currentVersion,
          content: JSON.stringify({ ...content, steps: [{ step: 'waitFor', selector: 'body', timeoutMs: 3000 }, ...content.steps] }),
        },
        operator,
      );
      await must(
        bases[1],
        'script/approve',
        { id: script.id, revision: saved.revision, rollout: { usernames: cohort, percent: PERCENT } },
        reviewer,
      );
      canaries.set(script.id, saved.currentVersion);
    }
    const withCohorts = await poll(bases, members);

    console.log('');
    console.log(line('no rollout      ', without));
    console.log(line('2 canaries      ', withCohorts));
    console.log(`throughput with canaries / without: ${(withCohorts.perSecond / without.perSecond).toFixed(2)}`);
    // Each member was served its cohort's versions.
    const wrong = members.filter((member) =>
      [...canaries].some(([scriptId, canaryVersion]) => {
        const served = member.scripts.find((script) => script.id === scriptId)?.version;
        const inside = cohort.includes(member.username) || inCohort({ accountIds: [], percent: PERCENT }, member.id);
        return inside ? served !== canaryVersion : served === canaryVersion;
      }),
    );
    const inside = members.filter((member) => member.scripts.some((script) => canaries.get(script.id) === script.version)).length;
    console.log(
      `cohort: ${inside} of ${MEMBERS} plug-ins run the canaries; ${wrong.length ? `WRONG for ${wrong.map((m) => m.username).join(', ')}` : 'each served its cohort’s versions'}`,
    );
  } finally {
    await sql.end();
    await stopAll();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
