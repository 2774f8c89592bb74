#!/usr/bin/env node
/**
 * `npm start`: builds the console when dist/ is missing or older than its sources, then runs the
 * API server, which serves the console and /api/** on one port (PORT, default 8000).
 *
 * In a server install (`npm pack` of a built tree, installed with `npm ci --omit=dev`: docs/deploy.md)
 * the console's sources and build tools are absent: it serves the dist/ it was packed with.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'dist', 'index.html');
const SOURCES = ['src', 'config', 'public', '.umirc.ts', 'package-lock.json'];
const GENERATED = new Set(['.umi', '.umi-production', '.umi-test']);

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) {
    if (GENERATED.has(entry)) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

const isServerInstall = !fs.existsSync(path.join(root, 'src'));

function consoleIsStale() {
  if (isServerInstall) return false;
  if (!fs.existsSync(builtIndex)) return true;
  const built = fs.statSync(builtIndex).mtimeMs;
  return SOURCES.some((source) => newestMtime(path.join(root, source)) > built);
}

if (isServerInstall && !fs.existsSync(builtIndex)) {
  console.error('[start] dist/ is missing: pack the server after `npm run build` (docs/deploy.md)');
  process.exit(1);
}
if (process.env.SKIP_BUILD !== '1' && consoleIsStale()) {
  console.log('[start] building the console (max build)…');
  const build = spawnSync(process.execPath, [path.join(root, 'node_modules', '@umijs', 'max', 'bin', 'max.js'), 'build'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
