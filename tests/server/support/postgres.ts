/**
 * A throw-away PostgreSQL 15 server for the test run: initdb in a temp folder, `postgres` on
 * 127.0.0.1 at a free port. initdb refuses to run as root, so as root both run as `postgres`.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { freePort } from '../../../scripts/lib/freePort';

const ROOT = path.resolve(__dirname, '..', '..', '..');

export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export interface RunningPostgres {
  url: string;
  dir: string;
  pid: number;
  child: ChildProcess;
}

const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** The command line, run as the `postgres` user when we are root. */
function command(bin: string, args: string[]): [string, string[]] {
  const file = path.join(PG_BIN, bin);
  return asRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
}

export async function startPostgres(): Promise<RunningPostgres> {
  if (!fs.existsSync(path.join(PG_BIN, 'initdb')) || !fs.existsSync(path.join(PG_BIN, 'postgres'))) {
    throw new Error(
      `PostgreSQL 15 binaries not found in ${PG_BIN} (initdb, postgres). The server tests run on PGlite AND on a ` +
        'real PostgreSQL 15: install it (Debian: apt-get install postgresql-15) or point PG_BIN at its bin folder.',
    );
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-test-pg-'));
  const dataDir = path.join(dir, 'data');
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    fs.chownSync(dir, uid, gid);
  }
  const [initFile, initArgs] = command('initdb', [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-locale',
    '--no-sync',
  ]);
  execFileSync(initFile, initArgs, { stdio: 'pipe' });

  const port = await freePort();
  const [file, args] = command('postgres', [
    '-D',
    dataDir,
    '-k',
    dir,
    '-h',
    '127.0.0.1',
    '-p',
    String(port),
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
    '-c',
    'max_connections=200',
  ]);
  // Its own process group, which the watchdog ends (and whose folder it removes) if this run dies
  // before its teardown: a killed test run leaves no database behind.
  const child = spawn(file, args, { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  spawn(process.execPath, [path.join(ROOT, 'scripts', 'lib', 'watchdog.mjs'), String(process.pid), String(child.pid), dir], {
    detached: true,
    stdio: 'ignore',
  }).unref();
  let log = '';
  child.stderr?.on('data', (chunk) => {
    log = (log + chunk.toString()).slice(-4000);
  });
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`postgres exited with ${child.exitCode}:\n${log}`);
    const sql = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 2 });
    try {
      await sql`select 1`;
      await sql.end();
      break;
    } catch (error) {
      await sql.end({ timeout: 1 }).catch(() => {});
      if (Date.now() > deadline) throw new Error(`postgres did not start: ${(error as Error).message}\n${log}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  // The postmaster's own pid (as root, `child` is runuser).
  const pid = Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  return { url, dir, pid, child };
}

/** Fast shutdown; waits for the postmaster to go, then removes its folder. */
export async function stopPostgres(running: RunningPostgres): Promise<void> {
  try {
    process.kill(running.pid, 'SIGINT');
  } catch {
    // already gone
  }
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    try {
      process.kill(running.pid, 0);
    } catch {
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  try {
    process.kill(running.pid, 'SIGKILL');
  } catch {
    // stopped
  }
  fs.rmSync(running.dir, { recursive: true, force: true });
}
