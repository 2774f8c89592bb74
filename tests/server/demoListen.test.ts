/**
 * `CONSOLE_DEMO=1 npm start` keeps the demo accounts (their password is in the README) on this
 * machine: the server listens on 127.0.0.1 unless HOST says otherwise, and says so at start when
 * HOST opens them to other machines. The rule itself: config.test.ts.
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import os from 'node:os';
import postgres from 'postgres';
import { freePort } from '../../scripts/lib/freePort';
import { TEST_CARD_FINGERPRINT_KEY } from './support/databases';
import { startServer, stop, waitFor, type Running } from './support/processes';
import { POSTGRES_TEMPLATE } from './support/templates';

/** This machine's address on its network (not loopback), which another machine would connect to. */
const networkAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((entry) => entry?.family === 'IPv4' && !entry.internal)?.address;

const connects = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host, port });
    socket.setTimeout(2_000, () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

const WARNING = /\[start\] WARNING: the demo accounts \(CONSOLE_DEMO=1\)/;

describe('the demo accounts stay on this machine unless HOST says otherwise', () => {
  const adminUrl = process.env.TEST_POSTGRES_URL!;
  const databases: string[] = [];
  let server: Running | undefined;

  /** A demo server on a migrated database of its own, ready; `host` undefined leaves HOST unset. */
  async function startDemo(host: string | undefined) {
    const name = `demo_listen_${randomBytes(6).toString('hex')}`;
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name} template ${POSTGRES_TEMPLATE}`);
    await admin.end();
    databases.push(name);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const port = await freePort();
    server = startServer('demo server', port, {
      HOST: host,
      CONSOLE_DEMO: '1',
      DATABASE_URL: url.toString(),
      CARD_FINGERPRINT_KEY: TEST_CARD_FINGERPRINT_KEY,
      TEST_SCRYPT_LOG2N: process.env.TEST_SCRYPT_LOG2N,
      NODE_ENV: 'test',
    });
    await waitFor(`http://127.0.0.1:${port}/api/ready`, server);
    return { port, output: server.output };
  }

  afterEach(async () => {
    await stop(server);
    server = undefined;
  });

  afterAll(async () => {
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    for (const name of databases) await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('without HOST: 127.0.0.1 only, and no warning', async () => {
    const { port, output } = await startDemo(undefined);
    expect(await connects('127.0.0.1', port)).toBe(true);
    if (networkAddress) expect(await connects(networkAddress, port)).toBe(false);
    expect(output()).not.toMatch(WARNING);
  });

  it('HOST=0.0.0.0: every interface, and the start warns that the demo accounts are reachable', async () => {
    const { port, output } = await startDemo('0.0.0.0');
    if (networkAddress) expect(await connects(networkAddress, port)).toBe(true);
    expect(output()).toMatch(WARNING);
    expect(output()).toContain('HOST=0.0.0.0');
  });
});
