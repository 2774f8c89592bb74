#!/usr/bin/env node
/**
 * `node scripts/server-install-check.mjs`: proves that the server runs from a production install
 * (issue 34, docs/deploy.md "Installing a release"). After `npm run build`, it makes the release as
 * `npm run pack:server` does, unpacks it in a temporary folder, installs it with
 * `npm ci --omit=dev`, and checks that:
 *
 *   - no build or test package came along (the console's toolchain is in devDependencies);
 *   - `npm start` there serves: /api/ready answers 200 on the embedded database, /login its page and
 *     the page's scripts, and the first administrator signs in (a password hash in the hashing
 *     pool's child process), sets up its authenticator app (its role has 需要两步验证: otpauth
 *     computes the code) and gets the menus;
 *   - SIGTERM stops it with exit code 0.
 *
 * It prints the install's package count and size. The server listens on 127.0.0.1, and the watchdog
 * stops it and removes the folder if this check dies first.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { packServer, run } from './pack-server.mjs';
import { Secret, TOTP } from 'otpauth';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Packages of the console's build and of the tests: a server install must not hold any of them. */
const DEV_ONLY = ['@umijs/max', 'antd', 'react', 'jest', '@playwright/test', 'typescript', 'eslint'];
const READY_TIMEOUT_MS = 90_000;
/** Any one answer of the started server (a sign-in hashes at the lowest priority beside jest). */
const ANSWER_TIMEOUT_MS = 60_000;
const ADMIN_PASSWORD = 'Release@check-2468';

function fail(message) {
  console.error(`[server-install] ${message}`);
  process.exit(1);
}

function sizeOf(target) {
  const stat = fs.lstatSync(target);
  if (!stat.isDirectory()) return stat.size;
  return fs.readdirSync(target).reduce((total, entry) => total + sizeOf(path.join(target, entry)), 0);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForReady(base, server) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) fail(`the server exited with ${server.exitCode} before it was ready`);
    try {
      const answer = await fetch(`${base}/api/ready`, { signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS) });
      if (answer.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  fail(`/api/ready did not answer 200 within ${READY_TIMEOUT_MS / 1000} s`);
}

async function checkServes(base) {
  const page = await fetch(`${base}/login`, { signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS) });
  const html = await page.text();
  if (page.status !== 200 || !html.includes('<div id="root">')) fail(`/login answered ${page.status} without the console's page`);
  const scripts = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((match) => match[1]);
  if (scripts.length === 0) fail('/login names no script');
  for (const script of scripts) {
    const answer = await fetch(new URL(script, `${base}/login`), { signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS) });
    if (answer.status !== 200) fail(`${script} answered ${answer.status}`);
  }
  const login = await call(base, 'account/login', { username: 'admin', password: ADMIN_PASSWORD });
  const token = login.content?.token;
  // 超级管理员 has 需要两步验证: a production's first administrator sets up its authenticator app first.
  if (login.content?.enrolmentRequired !== true)
    fail(`the first administrator was not asked to enrol a second factor: ${JSON.stringify(login)}`);
  const { secret } = (await call(base, 'factor/totpBegin', {}, token)).content;
  const code = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate();
  const enrolled = await call(base, 'factor/totpConfirm', { code }, token);
  if (enrolled.content?.recoveryCodes?.length !== 10) fail(`the enrolment gave no recovery codes: ${JSON.stringify(enrolled)}`);
  const menus = await call(base, 'account/getMenus', {}, token);
  if (!Array.isArray(menus.content) || menus.content.length === 0) fail(`the administrator got no menus: ${JSON.stringify(menus)}`);
  return scripts.length;
}

async function call(base, operation, body, token) {
  const answer = await fetch(`${base}/api/admin/${operation}`, {
    method: 'POST',
    signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = await answer.json().catch(() => null);
  if (!json?.isSuccess) fail(`${operation} answered ${answer.status} ${JSON.stringify(json)}`);
  return json;
}

function stopServer(server) {
  return new Promise((resolve) => {
    if (server.exitCode !== null) return resolve(server.exitCode);
    server.once('exit', (code, signal) => resolve(code ?? signal));
    process.kill(-server.pid, 'SIGTERM');
  });
}

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'server-install-'));
const started = Date.now();
let server;
try {
  const { tarball, files } = packServer(folder);
  run('tar', ['-xzf', tarball, '-C', folder], root);
  const release = path.join(folder, 'package');
  // From npm's cache alone, which the project's own install filled: no network, so nothing to wait on.
  run('npm', ['ci', '--omit=dev', '--offline', '--no-audit', '--no-fund'], release);
  const installed = path.join(release, 'node_modules');
  const present = DEV_ONLY.filter((name) => fs.existsSync(path.join(installed, name)));
  if (present.length) fail(`the server install holds build or test packages: ${present.join(', ')}`);
  const packages = run('npm', ['ls', '--omit=dev', '--all', '--parseable'], release).trim().split('\n').length - 1;
  const megabytes = sizeOf(installed) / 1024 / 1024;
  console.log(
    `[server-install] ${files} files packed (${(fs.statSync(tarball).size / 1024 / 1024).toFixed(1)} MB); npm ci --omit=dev: ${packages} packages, ${megabytes.toFixed(0)} MB, ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: release,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: path.join(folder, 'data'),
      CONSOLE_ADMIN_PASSWORD: ADMIN_PASSWORD,
    },
  });
  spawn(process.execPath, [path.join(root, 'scripts', 'lib', 'watchdog.mjs'), String(process.pid), String(server.pid), folder], {
    detached: true,
    stdio: 'ignore',
  }).unref();
  const startedServing = Date.now();
  await waitForReady(base, server);
  const scriptCount = await checkServes(base);
  console.log(
    `[server-install] ready in ${((Date.now() - startedServing) / 1000).toFixed(1)} s; /login and its ${scriptCount} scripts served, the administrator signed in and set up its second factor`,
  );
  const exit = await stopServer(server);
  if (exit !== 0) fail(`SIGTERM stopped the server with ${exit}, not 0`);
  console.log('[server-install] stopped with exit code 0');
} finally {
  if (server && server.exitCode === null) process.kill(-server.pid, 'SIGKILL');
  fs.rmSync(folder, { recursive: true, force: true });
}
