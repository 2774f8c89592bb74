#!/usr/bin/env node
/**
 * The floors of the project, checked in `npm test` (its `layers` step): the console (src/) sits on
 * top, so nothing below it imports it. No file of server/, config/ or contract/ may import from
 * src/, whether by a relative path or by the console's aliases (`@/`, `@@/`). Text that two parts
 * need lives in contract/text/ (issue 28). Fails naming each file, line and import.
 *
 *   node scripts/layer-check.mjs [root]
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The floors below the console, and what they may not import. */
export const LOWER_FLOORS = ['server', 'config', 'contract'];

const SOURCE = /\.(c|m)?(t|j)sx?$/;
/** `import … from 'x'`, `export … from 'x'`, `import('x')`, `require('x')`, `import 'x'`. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)(['"])([^'"\n]+)\1/gm;

function* sourceFiles(dir) {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) yield full;
  }
}

/** Whether `specifier`, imported by `file`, reaches into `consoleDir`. */
function reachesConsole(file, specifier, consoleDir) {
  if (specifier.startsWith('@/') || specifier.startsWith('@@/')) return true;
  if (!specifier.startsWith('.')) return false;
  const target = path.resolve(path.dirname(file), specifier);
  return target === consoleDir || target.startsWith(consoleDir + path.sep);
}

/** Every import of the console from a lower floor of `root`: `{ file, line, specifier }`, file relative to root. */
export function consoleImportsBelow(root) {
  const consoleDir = path.join(root, 'src');
  const found = [];
  for (const floor of LOWER_FLOORS) {
    for (const file of sourceFiles(path.join(root, floor))) {
      const text = fs.readFileSync(file, 'utf8');
      for (const match of text.matchAll(SPECIFIER)) {
        if (!reachesConsole(file, match[2], consoleDir)) continue;
        const line = text.slice(0, match.index).split('\n').length;
        found.push({ file: path.relative(root, file), line, specifier: match[2] });
      }
    }
  }
  return found;
}

// Run as a script (not when a test imports it: jest hands modules no import.meta.url).
const self = import.meta.url ? fileURLToPath(import.meta.url) : undefined;
if (self && process.argv[1] && path.resolve(process.argv[1]) === self) {
  const root = path.resolve(process.argv[2] ?? path.join(path.dirname(self), '..'));
  const found = consoleImportsBelow(root);
  if (found.length > 0) {
    for (const { file, line, specifier } of found) console.error(`layer-check: ${file}:${line} imports the console (${specifier})`);
    console.error(
      `layer-check: ${LOWER_FLOORS.join(', ')} sit below the console and may not import src/; move what both need to contract/ (text: contract/text/).`,
    );
    process.exit(1);
  }
  console.log(`layer-check: nothing in ${LOWER_FLOORS.join('/, ')}/ imports the console (src/)`);
}
