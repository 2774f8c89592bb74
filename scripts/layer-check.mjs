#!/usr/bin/env node
/**
 * Where code and text may live, checked in `npm test` (its `layers` step); fails naming each file,
 * line and finding.
 *
 * 1. The floors: the console (src/) sits on top, so nothing below it imports it. No file of
 *    server/, config/ or contract/ may import from src/, whether by a relative path or by the
 *    console's aliases (`@/`, `@@/`). Text that two parts need lives in contract/text/.
 * 2. The server's floors: its HTTP layer (server/http/) sits on its domains. Only the server's
 *    composition (server/app.ts, server/handlers.ts) imports server/http/; a domain folder's code
 *    takes a `CallContext` (server/context.ts) and never reaches back up into HTTP.
 * 3. The server's Chinese: a string or template in server/ that holds Chinese lives in a
 *    `messages.ts` (the domain's sentences), the seed (server/seed/) or the request validation's
 *    messages (server/http/validation.ts); comments may say anything.
 *
 *   node scripts/layer-check.mjs [root]
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
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

/** The server files that compose the HTTP layer with the domains, and so may import server/http/. */
export const HTTP_COMPOSERS = ['server/app.ts', 'server/handlers.ts', 'server/main.ts'];

/** Every import of server/http/ from a server file outside it and its composers: `{ file, line, specifier }`. */
export function httpImportsFromDomains(root) {
  const httpDir = path.join(root, 'server', 'http');
  const found = [];
  for (const file of sourceFiles(path.join(root, 'server'))) {
    const relative = path.relative(root, file).split(path.sep).join('/');
    if (relative.startsWith('server/http/') || HTTP_COMPOSERS.includes(relative)) continue;
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(SPECIFIER)) {
      const specifier = match[2];
      if (!specifier.startsWith('.')) continue;
      const target = path.resolve(path.dirname(file), specifier);
      if (target !== httpDir && !target.startsWith(httpDir + path.sep)) continue;
      const line = text.slice(0, match.index).split('\n').length;
      found.push({ file: path.relative(root, file), line, specifier });
    }
  }
  return found;
}

/** Whether a server file may hold Chinese strings (its messages, the seed, the validation's messages). */
export function mayHoldChinese(relative) {
  const file = relative.split(path.sep).join('/');
  return file.endsWith('/messages.ts') || file.startsWith('server/seed/') || file === 'server/http/validation.ts';
}

const CHINESE = /[\u3400-\u9fff\uf900-\ufaff]/; // ideographs: a full-width colon or comma alone joins, it says nothing

/** Every string or template of server/ (outside `mayHoldChinese`) that holds Chinese: `{ file, line, text }`. */
export function chineseOutsideMessages(root) {
  const ts = createRequire(path.join(root, 'package.json'))('typescript');
  const found = [];
  for (const file of sourceFiles(path.join(root, 'server'))) {
    const relative = path.relative(root, file);
    if (mayHoldChinese(relative)) continue;
    const text = fs.readFileSync(file, 'utf8');
    if (!CHINESE.test(text)) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const visit = (node) => {
      const literal =
        ts.isStringLiteral(node) ||
        ts.isNoSubstitutionTemplateLiteral(node) ||
        ts.isTemplateHead(node) ||
        ts.isTemplateMiddle(node) ||
        ts.isTemplateTail(node);
      if (literal && CHINESE.test(node.text)) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
        found.push({ file: relative, line: line + 1, text: node.text });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

// Run as a script (not when a test imports it: jest hands modules no import.meta.url).
const self = import.meta.url ? fileURLToPath(import.meta.url) : undefined;
if (self && process.argv[1] && path.resolve(process.argv[1]) === self) {
  const root = path.resolve(process.argv[2] ?? path.join(path.dirname(self), '..'));
  let failed = false;
  const imports = consoleImportsBelow(root);
  if (imports.length > 0) {
    failed = true;
    for (const { file, line, specifier } of imports) console.error(`layer-check: ${file}:${line} imports the console (${specifier})`);
    console.error(
      `layer-check: ${LOWER_FLOORS.join(', ')} sit below the console and may not import src/; move what both need to contract/ (text: contract/text/).`,
    );
  } else console.log(`layer-check: nothing in ${LOWER_FLOORS.join('/, ')}/ imports the console (src/)`);
  const upward = httpImportsFromDomains(root);
  if (upward.length > 0) {
    failed = true;
    for (const { file, line, specifier } of upward) console.error(`layer-check: ${file}:${line} imports the HTTP layer (${specifier})`);
    console.error(
      `layer-check: only ${HTTP_COMPOSERS.join(', ')} import server/http/; a domain takes a CallContext (server/context.ts) and answers or throws a Refusal (server/refusal.ts).`,
    );
  } else console.log('layer-check: no server domain imports the HTTP layer (server/http/)');
  const chinese = chineseOutsideMessages(root);
  if (chinese.length > 0) {
    failed = true;
    for (const { file, line, text } of chinese) console.error(`layer-check: ${file}:${line} holds Chinese text: ${JSON.stringify(text)}`);
    console.error("layer-check: the server's sentences live in its domain's messages.ts (or the seed, or http/validation.ts).");
  } else console.log("layer-check: the server's Chinese text is in its messages, seed and validation files only");
  if (failed) process.exit(1);
}
