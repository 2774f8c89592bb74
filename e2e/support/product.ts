/**
 * Starts the product the way a user does (`node scripts/start.mjs`: builds the console when dist/ is
 * missing or stale, then runs the server) on 127.0.0.1, a free port and a fresh PGlite folder, and
 * stops it again. Used by the e2e global setup and by the benchmarks; `command` starts another way
 * to serve it (e2e/dev-setup.ts: `max dev` with the mock endpoints).
 *
 * The product runs in a process group of its own (start.mjs, the server, a `max build` if one runs),
 * so stopping it stops all of them. A detached watchdog kills that group when the process that
 * started it goes away, so the server never outlives the run, even when the runner is killed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/lib/freePort';

export const ROOT = path.resolve(__dirname, '..', '..');

export interface ProductOptions {
  /** Extra environment for the product (DATABASE_URL, SKIP_BUILD, LOG_LEVEL, …). */
  env?: Record<string, string | undefined>;
  /** Port to listen on (default: a free one). */
  port?: number;
  /** How long to wait for /api/health, building included (default 10 minutes). */
  startTimeoutMs?: number;
  /** Prefix of the temp folder holding the data folder and the log. */
  label?: string;
  /** Also wait until / serves the console (default true; false for an API-only run with SKIP_BUILD=1). */
  requireConsole?: boolean;
  /** The script and arguments Node runs (default scripts/start.mjs); it reads PORT and HOST. */
  command?: readonly string[];
  /** Runs it under `nice -n <niceness>` (a server that starts beside a busier step). */
  niceness?: number;
}

export interface RunningProduct {
  baseURL: string;
  port: number;
  /** Temp folder: `data/` (PGlite) and `server.log`. */
  dir: string;
  dataDir: string;
  logFile: string;
  pid: number;
  /** Stops the whole process group and removes the temp folder (keepLog copies the log first). */
  stop(options?: { keepLogAt?: string }): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function killGroup(pgid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pgid, signal);
  } catch {
    // already gone
  }
}

function tail(file: string, lines = 40): string {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

async function waitUntilReady(baseURL: string, child: ChildProcess, logFile: string, timeoutMs: number, requireConsole: boolean) {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the product exited (${child.exitCode ?? child.signalCode}) before it was ready. Log ${logFile}:\n${tail(logFile)}`);
    }
    try {
      const health = await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (health.ok && !requireConsole) return;
      if (health.ok) {
        // The console must be served too: the server is only "up" for a user when / answers the app.
        const index = await fetch(`${baseURL}/`, { signal: AbortSignal.timeout(2_000) });
        const html = await index.text();
        if (index.ok && /<div id="root"/.test(html)) return;
        last = `GET / answered ${index.status} without the console`;
      } else {
        last = `GET /api/health answered ${health.status}`;
      }
    } catch (error) {
      last = (error as Error).message;
    }
    if (Date.now() > deadline) {
      throw new Error(`the product was not ready at ${baseURL} after ${timeoutMs} ms (${last}). Log ${logFile}:\n${tail(logFile)}`);
    }
    await sleep(250);
  }
}

export async function startProduct(options: ProductOptions = {}): Promise<RunningProduct> {
  const port = options.port ?? (await freePort());
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${options.label ?? 'console-product'}-`));
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  const log = fs.openSync(logFile, 'a');
  const baseURL = `http://127.0.0.1:${port}`;

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    CONSOLE_DEMO: '1',
    // Every login and every call of the run (and of bench:api's load) comes from 127.0.0.1.
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    API_RATE_LIMIT_PER_MINUTE: '1000000',
  };
  for (const [key, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }

  const args = [...(options.command ?? [path.join(ROOT, 'scripts', 'start.mjs')])];
  const [program, programArgs] =
    options.niceness === undefined ? [process.execPath, args] : ['nice', ['-n', String(options.niceness), process.execPath, ...args]];
  const child = spawn(program, programArgs, {
    cwd: ROOT,
    env,
    detached: true, // a process group of its own: stop() and the watchdog kill all of it
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const pgid = child.pid!;

  // Kill the group if this process dies without stopping it (runner killed, crash, Ctrl-C).
  const watchdog = spawn(process.execPath, [path.join(ROOT, 'scripts', 'lib', 'watchdog.mjs'), String(process.pid), String(pgid), dir], {
    detached: true,
    stdio: 'ignore',
  });
  watchdog.unref();
  const onExit = () => killGroup(pgid, 'SIGKILL');
  process.once('exit', onExit);

  let stopped = false;
  const stop: RunningProduct['stop'] = async ({ keepLogAt } = {}) => {
    if (stopped) return;
    stopped = true;
    killGroup(pgid, 'SIGTERM');
    const deadline = Date.now() + 15_000;
    while (groupAlive(pgid) && Date.now() < deadline) await sleep(100);
    if (groupAlive(pgid)) killGroup(pgid, 'SIGKILL');
    process.removeListener('exit', onExit);
    if (keepLogAt) {
      fs.mkdirSync(path.dirname(keepLogAt), { recursive: true });
      fs.copyFileSync(logFile, keepLogAt);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };

  try {
    await waitUntilReady(baseURL, child, logFile, options.startTimeoutMs ?? 10 * 60_000, options.requireConsole ?? true);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, port, dir, dataDir, logFile, pid: pgid, stop };
}
