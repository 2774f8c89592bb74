/**
 * One server per embedded database folder: a second open of a DATA_DIR held by a live process is
 * refused with who holds it; a lock left by a killed process is taken over; closing releases it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { LOCK_FILE, lockDataDir } from '../../server/db/dataDirLock';

const root = path.resolve(__dirname, '..', '..');

/** A process holding the database in `dataDir` (opened, migrated), until killed. */
function holder(dataDir: string): Promise<ChildProcess> {
  const script = `require('./server/db/client').openDatabase({ dataDir: ${JSON.stringify(dataDir)} })
    .then(() => { console.log('ready'); setInterval(() => {}, 1000); })
    .catch((error) => { console.error(error); process.exit(1); });`;
  const child = spawn(process.execPath, ['--import', 'tsx', '-e', script], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => String(chunk).includes('ready') && resolve(child));
    child.on('exit', (code) => reject(new Error(`the holder exited with ${code}`)));
  });
}

const exited = (child: ChildProcess) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));

describe('the embedded database folder lock', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-lock-'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('refuses a second server while the first runs, and takes over after it was killed', async () => {
    const first = await holder(dataDir);
    try {
      const refused = openDatabase({ dataDir });
      await expect(refused).rejects.toBeInstanceOf(ConfigError);
      await expect(refused).rejects.toThrow(`Another server (process ${first.pid}) is using the embedded database`);
    } finally {
      first.kill('SIGKILL');
      await exited(first);
    }
    // kill -9 left its lock behind; the next start takes it over.
    expect(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8').trim()).toBe(String(first.pid));
    const second = await openDatabase({ dataDir });
    expect(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
    await second.close();
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  }, 60_000);

  it('takes over a lock naming this very process (a container restarted with the same pid)', () => {
    fs.writeFileSync(path.join(dataDir, LOCK_FILE), `${process.pid}\n`);
    const lock = lockDataDir(dataDir);
    lock.release();
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  });

  it('leaves another holder’s lock alone when releasing', () => {
    const lock = lockDataDir(dataDir);
    fs.writeFileSync(path.join(dataDir, LOCK_FILE), '999999\n');
    lock.release();
    expect(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')).toBe('999999\n');
  });
});
