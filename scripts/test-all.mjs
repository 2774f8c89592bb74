#!/usr/bin/env node
/**
 * `npm test`: every test of the project, in order, stopping at the first failure.
 *
 *   format     prettier --check .        (the formatting, everywhere but Markdown: .prettierignore)
 *   setup      max setup                 (generates src/.umi: aliases and types the next steps need)
 *   lint       eslint .                  (eslint.config.js: type-aware rules, React hooks)
 *   typecheck  tsc --noEmit
 *   layers     scripts/layer-check.mjs  (nothing in server/, config/ or contract/ imports the console's src/;
 *                                        the server's Chinese strings only in messages.ts, the seed, http/validation.ts)
 *   build      max build                 (the console, into dist/)
 *   bundle     scripts/bundle-check.mjs  (no TypeBox in any console chunk; /login within its JavaScript budget)
 *   jest       jest                      (all projects: web unit tests, server tests on PGlite and on a
 *                                          PostgreSQL 15 the run starts, and the contract suite in
 *                                          tests/contract when it exists)
 *   release    scripts/server-install-check.mjs
 *                                        (the release of pack:server installed with npm ci --omit=dev
 *                                         serves /api/ready, /login and a sign-in)
 *   e2e        playwright test           (Chromium against `npm start`)
 *   dev        playwright test -c playwright.dev.config.ts
 *                                        (the developer console under `max dev`: every demo role's
 *                                         screens and dialogs, the public pages, the mock)
 *
 * Steps of one stage run side by side (each of format, lint, typecheck and build keeps about one core
 * busy; the machine has two): `format` with `setup`, then `lint` with `typecheck` and `build`, `release`
 * (mostly an install from npm's cache) with `jest`, and
 * `e2e` with the start of `dev`'s `max dev` (its tests run once e2e has ended). The stage's first
 * step prints as it goes; the others' output is printed whole when each ends.
 *
 * Options: --only=a,b  --skip=a,b  (step names above). Prints each step's duration and a summary.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (...parts) => path.join(root, 'node_modules', ...parts);
const node = process.execPath;
const hasContract = fs.existsSync(path.join(root, 'tests', 'contract'));

const STEPS = [
  {
    name: 'format',
    title: 'prettier --check',
    command: [node, bin('prettier', 'bin', 'prettier.cjs'), '--check', '--log-level=warn', '.'],
  },
  { name: 'setup', title: 'max setup', stage: 'format', command: [node, bin('@umijs', 'max', 'bin', 'max.js'), 'setup'] },
  // After setup: the type-aware rules read src/.umi's types through tsconfig.json.
  { name: 'lint', title: 'eslint', command: [node, bin('eslint', 'bin', 'eslint.js'), '--max-warnings=0', '.'] },
  { name: 'typecheck', title: 'tsc --noEmit', stage: 'lint', command: [node, bin('typescript', 'bin', 'tsc'), '--noEmit', '-p', root] },
  {
    name: 'layers',
    title: "nothing below the console imports it; the server's Chinese in its messages",
    stage: 'lint',
    command: [node, path.join(root, 'scripts', 'layer-check.mjs'), root],
  },
  // Beside lint and typecheck: three steps that each keep a core busy share the two better than two
  // (max build writes src/.umi-production, which neither reads).
  { name: 'build', title: 'max build', stage: 'lint', command: [node, bin('@umijs', 'max', 'bin', 'max.js'), 'build'] },
  {
    name: 'bundle',
    title: 'no schema library in the console chunks',
    command: [node, path.join(root, 'scripts', 'bundle-check.mjs'), path.join(root, 'dist')],
  },
  {
    name: 'jest',
    title: `jest (web, server on PGlite + PostgreSQL 15${hasContract ? ', contract' : ''})`,
    // When tests/contract exists, jest must run its tests (tests/support/expectedFoldersReporter.js).
    env: hasContract ? { JEST_EXPECT_FOLDERS: 'tests/contract' } : {},
    // Jest's default on two cores is one worker; the suites wait on their databases much of the
    // time, and two workers ran them in 491 s instead of about 940 s on such a machine.
    command: [node, bin('jest', 'bin', 'jest.js'), '--ci', `--maxWorkers=${Math.max(2, os.availableParallelism() - 1)}`],
  },
  {
    name: 'release',
    title: 'the server from a production install',
    stage: 'jest',
    // At the lowest CPU and disk priority: its install and start fit in the jest step's waits instead of slowing it.
    command: ['nice', '-n', '19', 'ionice', '-c', '3', node, path.join(root, 'scripts', 'server-install-check.mjs')],
  },
  { name: 'e2e', title: 'playwright test', command: [node, bin('@playwright', 'test', 'cli.js'), 'test'] },
  {
    name: 'dev',
    title: 'playwright dev console (max dev, every role)',
    // Its `max dev` starts and compiles beside e2e, at the lowest priority (the e2e step leaves a
    // fifth of the cores idle); its tests wait until e2e has ended (DEV_START_AFTER).
    stage: 'e2e',
    startsAfter: 'e2e',
    command: [node, bin('@playwright', 'test', 'cli.js'), 'test', '-c', path.join(root, 'playwright.dev.config.ts')],
  },
];

function listOption(name) {
  const arg = process.argv.slice(2).find((value) => value.startsWith(`--${name}=`));
  if (!arg) return null;
  const names = arg
    .slice(name.length + 3)
    .split(',')
    .filter(Boolean);
  const unknown = names.filter((step) => !STEPS.some((known) => known.name === step));
  if (unknown.length) {
    console.error(`unknown step(s) ${unknown.join(', ')}; steps: ${STEPS.map((step) => step.name).join(', ')}`);
    process.exit(2);
  }
  return new Set(names);
}

const only = listOption('only');
const skip = listOption('skip') ?? new Set();
const selected = STEPS.filter((step) => (!only || only.has(step.name)) && !skip.has(step.name));

/**
 * Every Node process of the run gets a larger young generation: the suites allocate much and keep
 * little (a PGlite's 43 MB data folder unpacked for each server file, jsdom's trees), and fewer
 * scavenges took 6–8 % of jest's worker time (two pairs of runs of six files, 2026-12-07).
 */
const NODE_OPTIONS = [process.env.NODE_OPTIONS, '--max-semi-space-size=64'].filter(Boolean).join(' ');
const env = { ...process.env, NODE_OPTIONS, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', FORCE_COLOR: process.env.FORCE_COLOR ?? '1' };

const running = new Set();
/** The steps under way: their start and collected output, printed when a signal stops the run (what it was waiting on). */
const underway = new Map();
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    console.error(`\n[test] ${signal}: stopping`);
    printSummary('stopped');
    for (const [name, { output }] of underway) {
      if (!output?.length) continue;
      const lines = Buffer.concat(output).toString('utf8').trimEnd().split('\n');
      console.log(`\n[test] the last lines of ${name}, which was still running:\n${lines.slice(-15).join('\n')}`);
    }
    // A terminal's Ctrl-C reaches the whole foreground group already; forward the others.
    if (signal !== 'SIGINT') for (const child of running) child.kill(signal);
    setTimeout(() => process.exit(130), 20_000).unref();
    if (running.size === 0) process.exit(130);
    for (const child of running) child.on('exit', () => running.size === 0 && process.exit(130));
  });
}

/** Runs a command; with `output`, its stdout and stderr are collected there instead of shown. */
function run(command, output, extraEnv = {}) {
  return new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), {
      cwd: root,
      env: { ...env, ...extraEnv },
      stdio: output ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    running.add(child);
    if (output) {
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
    }
    child.on('error', (error) => {
      if (output) output.push(Buffer.from(`${error.stack}\n`));
      else console.error(error);
      running.delete(child);
      resolve(1);
    });
    child.on('exit', (code, signal) => {
      running.delete(child);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const results = [];
const started = Date.now();

/** The selected steps in stages: a step with `stage: <name>` runs beside that step. */
const stages = [];
for (const step of selected) {
  const stage = step.stage && stages.find((steps) => steps.some((other) => other.name === step.stage));
  if (stage) stage.push(step);
  else stages.push([step]);
}

/**
 * The file a step's `startsAfter` step writes when it ends: the waiting step's tests start then
 * (DEV_START_AFTER, e2e/dev-setup.ts). Only when both run in this stage.
 */
const markPath = (name) => path.join(os.tmpdir(), `test-all-${process.pid}-${name}-ended`);

/**
 * Runs a step of `stage`. The stage's first step prints as it goes; the others' output is collected
 * and printed when each ends.
 */
async function runStep(step, stage) {
  const header = `\n━━━ [test] ${step.name}: ${step.title} ━━━`;
  const beside = stage.filter((other) => other !== step).map((other) => other.name);
  const live = stage[0] === step;
  if (live) console.log(beside.length ? `${header} (beside ${beside.join(', ')})` : header);
  const output = live ? undefined : [];
  const stepStart = Date.now();
  underway.set(step.name, { since: stepStart, output });
  const waitsFor = step.startsAfter && stage.some((other) => other.name === step.startsAfter) ? markPath(step.startsAfter) : null;
  if (waitsFor) fs.rmSync(waitsFor, { force: true });
  const status = await run(step.command, output, { ...step.env, ...(waitsFor ? { DEV_START_AFTER: waitsFor } : {}) });
  if (stage.some((other) => other.startsAfter === step.name)) fs.writeFileSync(markPath(step.name), String(status));
  if (waitsFor) fs.rmSync(waitsFor, { force: true });
  const duration = Date.now() - stepStart;
  if (output) {
    console.log(`${header} (beside ${beside.join(', ')})`);
    process.stdout.write(Buffer.concat(output));
  }
  underway.delete(step.name);
  results.push({ step, status, duration });
  console.log(`━━━ [test] ${step.name} ${status === 0 ? 'passed' : `FAILED (exit ${status})`} in ${seconds(duration)} ━━━`);
  return status;
}

/** Each step's state and duration so far, and the total (`stopped` when a signal ends the run). */
function printSummary(total = results.some((result) => result.status !== 0) ? 'FAILED' : 'passed') {
  console.log('\n[test] summary');
  for (const step of selected) {
    const result = results.find((entry) => entry.step === step);
    const state = !result
      ? underway.has(step.name)
        ? 'running'
        : 'not run'
      : result.status === 0
        ? 'passed'
        : `FAILED (exit ${result.status})`;
    const duration = result ? result.duration : underway.has(step.name) ? Date.now() - underway.get(step.name).since : null;
    console.log(
      `  ${step.name.padEnd(10)} ${state.padEnd(18)} ${duration === null ? ''.padStart(8) : seconds(duration).padStart(8)}  ${step.title}`,
    );
  }
  console.log(`  ${'total'.padEnd(10)} ${total.padEnd(18)} ${seconds(Date.now() - started).padStart(8)}`);
}

for (const stage of stages) {
  const statuses = await Promise.all(stage.map((step) => runStep(step, stage)));
  if (statuses.some((status) => status !== 0)) break;
}

const failed = results.find((result) => result.status !== 0);
printSummary();
if (failed) {
  console.log(`\n[test] stopped at ${failed.step.name}: ${failed.step.title} failed; the steps after it did not run.`);
  process.exit(failed.status || 1);
}
