/**
 * `npm run dev` (scripts/dev.mjs) stops as a whole: like `max dev`, the stand-in here forks a server
 * that holds a port; a signal to the script leaves nothing listening. Without the script, the same
 * signal to the parent alone leaves the forked server holding the port (what `max dev` did).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/lib/freePort';

const DEV_SCRIPT = path.resolve(__dirname, '../../scripts/dev.mjs');

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

async function until(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

describe('npm run dev (scripts/dev.mjs)', () => {
  let dir = '';
  let port = 0;
  const started: ChildProcess[] = [];
  let forkedPid = 0;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dev-script-'));
    port = await freePort();
    // The stand-in for `max dev`: a parent that forks the server, as umi does, and stays.
    fs.writeFileSync(
      path.join(dir, 'server.cjs'),
      `require('node:net').createServer().listen(${port}, '127.0.0.1', () => require('node:fs').writeFileSync(${JSON.stringify(path.join(dir, 'pid'))}, String(process.pid)));`,
    );
    fs.writeFileSync(
      path.join(dir, 'parent.cjs'),
      `require('node:child_process').fork(${JSON.stringify(path.join(dir, 'server.cjs'))}); setInterval(() => {}, 1000);`,
    );
  });

  afterEach(() => {
    for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
    if (forkedPid) {
      try {
        process.kill(forkedPid, 'SIGKILL');
      } catch {
        // gone
      }
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const forkedServer = () => Number(fs.readFileSync(path.join(dir, 'pid'), 'utf8'));

  it('a SIGTERM to the script stops the forked server too: the port is free', async () => {
    const runner = `import(${JSON.stringify(DEV_SCRIPT)}).then((m) => m.runAsGroup(process.execPath, [${JSON.stringify(path.join(dir, 'parent.cjs'))}]));`;
    const script = spawn(process.execPath, ['--input-type=module', '-e', runner], { stdio: 'ignore' });
    started.push(script);
    expect(await until(() => listening(port))).toBe(true);
    forkedPid = forkedServer();
    script.kill('SIGTERM');
    expect(await until(async () => !(await listening(port)))).toBe(true);
  });

  it('without it, a SIGTERM to the parent alone leaves the forked server on the port', async () => {
    const parent = spawn(process.execPath, [path.join(dir, 'parent.cjs')], { stdio: 'ignore' });
    started.push(parent);
    expect(await until(() => listening(port))).toBe(true);
    forkedPid = forkedServer();
    parent.kill('SIGTERM');
    await new Promise((resolve) => parent.once('exit', resolve));
    expect(await listening(port)).toBe(true);
  });
});
