#!/usr/bin/env node
/**
 * The console's bundles carry no schema library: the schemas of the contract (contract/api) are
 * the server's; screens import their types only. Fails, naming the files, when any JavaScript file
 * the console build emitted (dist/, every chunk a page may load; the API document reader is the
 * server's, not in dist/) contains TypeBox. `npm test` runs it after the build.
 *
 *   node scripts/bundle-check.mjs [dist]
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
}
