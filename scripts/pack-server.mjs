#!/usr/bin/env node
/**
 * `npm run pack:server [-- <folder>]`: the server's release, after `npm run build`. It packs the tree
 * with `npm pack` (package.json's `files`: the server, the contract, the built console in dist/,
 * the start and backup scripts, deploy/), then gives the package its production lock: package.json
 * without devDependencies and an npm-shrinkwrap.json holding the lock file's production packages
 * only. On a host, `npm ci --omit=dev` in the unpacked folder installs exactly those
 * (docs/deploy.md, "Installing a release"). Prints the tarball's path.
 *
 * The full lock file can not serve that install: it lacks optional platform builds of the console's
 * bundler that the registry does not serve, and `npm ci` checks every entry, dev ones included.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Runs a command to its end, or kills it after `timeoutMs`; answers its stdout, throws with its
 * output when it fails or runs out of time.
 */
export function run(command, args, cwd, timeoutMs = 5 * 60_000) {
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: timeoutMs,
    killSignal: 'SIGKILL',
  });
  const outcome =
    result.error?.code === 'ETIMEDOUT' ? `was stopped after ${timeoutMs / 1000} s` : `failed (${result.status ?? result.signal})`;
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} ${outcome}:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));
const writeJson = (file, value) => fs.writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);

/** The lock file's production part, for a package.json without devDependencies. */
export function productionLock(lock, manifest) {
  const packages = {};
  for (const [key, entry] of Object.entries(lock.packages)) {
    if (key === '') {
      const { devDependencies: _dropped, ...rootEntry } = entry;
      packages[key] = { ...rootEntry, dependencies: manifest.dependencies };
    } else if (!entry.dev) {
      packages[key] = entry;
    }
  }
  return { ...lock, packages };
}

/** Packs the built tree into `outDir`; returns the tarball's path and its file count. */
export function packServer(outDir) {
  if (!fs.existsSync(path.join(root, 'dist', 'index.html'))) throw new Error('dist/ is missing: run `npm run build` first');
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pack-server-'));
  try {
    const [packed] = JSON.parse(run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], root));
    run('tar', ['-xzf', path.join(work, packed.filename), '-C', work], root);
    const release = path.join(work, 'package');
    const { devDependencies: _devDependencies, ...manifest } = readJson(path.join(release, 'package.json'));
    writeJson(path.join(release, 'package.json'), manifest);
    writeJson(path.join(release, 'npm-shrinkwrap.json'), productionLock(readJson(path.join(root, 'package-lock.json')), manifest));
    fs.mkdirSync(outDir, { recursive: true });
    const tarball = path.join(path.resolve(outDir), `${manifest.name}-server-${manifest.version}.tgz`);
    run('tar', ['-czf', tarball, '-C', work, 'package'], root);
    return { tarball, files: packed.entryCount + 1 };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const { tarball, files } = packServer(process.argv[2] ?? root);
    console.log(`${tarball} (${files} files)`);
  } catch (error) {
    console.error(`[pack:server] ${error.message}`);
    process.exit(1);
  }
}
