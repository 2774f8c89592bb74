#!/usr/bin/env node
/**
 * Two checks of the console build, run by `npm run build` (and so by `npm test`); either fails the build.
 *
 * 1. No schema library in the bundles: the schemas of the contract (contract/api) are the server's;
 *    screens import their types only. Fails, naming the files, when any JavaScript file the console
 *    build emitted (dist/, every chunk a page may load; the API document reader is the server's, not
 *    in dist/) contains TypeBox.
 * 2. Page weight: the JavaScript a page loads, gzip-compressed at level 6 (what a server sends, give
 *    or take its headers), stays within its budget (PAGE_BUDGETS). What a page loads is read from the
 *    build, not guessed: the scripts of index.html and the files of the page's route chunk group,
 *    which config/chunkGroups.ts writes to dist/chunk-groups.json. `npm run bench:page` measures the
 *    same pages in Chromium, on the wire.
 *
 *   node scripts/bundle-check.mjs [dist]
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

/** The pages whose first load has a JavaScript budget (KB gzip), by their route chunk group. */
export const PAGE_BUDGETS = [{ page: '/login', group: 'p__Login', jsKb: 212 }];

const KB = 1024;
const gzipSize = (file) => zlib.gzipSync(fs.readFileSync(file), { level: 6 }).length;

/** The scripts index.html loads (the entry and umi's preload helper). */
export function htmlScripts(dir) {
  const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
  return [...html.matchAll(/<script[^>]*\ssrc="\/?([^"]+\.js)"/g)].map((match) => match[1]);
}

/** Each budgeted page's JavaScript (files and KB gzip) against its budget. */
export function pageWeights(dir, budgets = PAGE_BUDGETS) {
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'chunk-groups.json'), 'utf8'));
  return budgets.map(({ page, group, jsKb }) => {
    const files = manifest.groups[group];
    if (!files) throw new Error(`bundle-check: no chunk group ${group} for ${page} in chunk-groups.json`);
    const loaded = [...new Set([...htmlScripts(dir), ...files])];
    const kb = loaded.reduce((sum, file) => sum + gzipSize(path.join(dir, file)), 0) / KB;
    return { page, files: loaded, kb, budgetKb: jsKb, over: kb > jsKb };
  });
}

/** Strings every TypeBox build keeps through minification (its symbol keys and error texts). */
export const TYPEBOX_MARKERS = ['TypeBox.Kind', 'TypeBox.Hint', 'TypeBox.Optional'];

/** The `.js` files under `dir` that contain a TypeBox marker, relative to `dir`. */
export function chunksWithTypeBox(dir) {
  const found = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
    const file = path.join(entry.parentPath ?? entry.path, entry.name);
    const text = fs.readFileSync(file, 'utf8');
    if (TYPEBOX_MARKERS.some((marker) => text.includes(marker))) found.push(path.relative(dir, file));
  }
  return found.sort();
}

// Run as a script (not when a test imports it: jest hands modules no import.meta.url).
const self = import.meta.url ? fileURLToPath(import.meta.url) : undefined;
if (self && process.argv[1] && path.resolve(process.argv[1]) === self) {
  const dir = path.resolve(process.argv[2] ?? 'dist');
  if (!fs.existsSync(dir)) {
    console.error(`bundle-check: ${dir} does not exist (run max build first)`);
    process.exit(2);
  }
  const found = chunksWithTypeBox(dir);
  if (found.length) {
    console.error(`bundle-check: TypeBox is in ${found.length} console chunk(s): ${found.join(', ')}`);
    console.error(
      'A file under src/ imports a value from contract/api (or another module that imports @sinclair/typebox); import types only.',
    );
    process.exit(1);
  }
  console.log(`bundle-check: no TypeBox in the console's chunks (${dir})`);
  const weights = pageWeights(dir);
  for (const weight of weights) {
    const line = `bundle-check: ${weight.page} loads ${weight.kb.toFixed(1)} KB of JavaScript (gzip), budget ${weight.budgetKb} KB, in ${weight.files.length} files`;
    if (weight.over) console.error(`${line}: OVER BUDGET (${weight.files.join(', ')})`);
    else console.log(line);
  }
  if (weights.some((weight) => weight.over)) process.exit(1);
}
