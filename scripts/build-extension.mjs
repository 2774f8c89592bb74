#!/usr/bin/env node
/**
 * `npm run build:extension`: bundles the reference extension (extension/src, TypeScript that imports
 * contract/pluginProtocol.ts) with esbuild into a folder Chromium loads unpacked.
 *
 *   node scripts/build-extension.mjs [--out <dir>] [--console <match pattern>[,<pattern>…]]
 *
 * --out       target folder (default extension/dist)
 * --console   match patterns of the console's pages, comma separated; also EXTENSION_CONSOLE_MATCHES.
 *             Default: http://localhost/* and http://127.0.0.1/* (every port). A deployed console
 *             needs its own, e.g. --console 'https://console.example.com/*'.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sourceDir = path.join(root, 'extension', 'src');
const ENTRY_POINTS = ['background', 'bridge', 'site'];
const MATCH_PATTERN = /^(\*|https?):\/\/(\*|(\*\.)?[^/*]+)(:\d+)?\/.*$/;

/** Bundles the extension into `outDir`; answers the folder and the manifest it wrote. */
export async function buildExtension({ outDir = path.join(root, 'extension', 'dist'), consoleMatches } = {}) {
  // The manifest is TypeScript too (it lists the site adapters' pages): bundle it for Node, then call it.
  const manifestModule = await esbuild.build({
    entryPoints: [path.join(sourceDir, 'manifest.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    write: false,
    logLevel: 'silent',
  });
  const {
    buildManifest,
    DEFAULT_CONSOLE_MATCHES,
    EXTENSION_VERSION: version,
  } = await import(`data:text/javascript;base64,${Buffer.from(manifestModule.outputFiles[0].text).toString('base64')}`);
  const matches = consoleMatches?.length ? consoleMatches : DEFAULT_CONSOLE_MATCHES;
  const bad = matches.filter((pattern) => !MATCH_PATTERN.test(pattern));
  if (bad.length) throw new Error(`not a match pattern: ${bad.join(', ')} (e.g. https://console.example.com/*)`);

  fs.rmSync(outDir, { recursive: true, force: true });
  await esbuild.build({
    entryPoints: ENTRY_POINTS.map((name) => path.join(sourceDir, `${name}.ts`)),
    outdir: outDir,
    bundle: true,
    format: 'iife',
    target: 'chrome116',
    charset: 'utf8',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  const manifest = buildManifest({ version, consoleMatches: matches });
  fs.writeFileSync(path.join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return { outDir, manifest };
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (isMain) {
  const { values } = parseArgs({ options: { out: { type: 'string' }, console: { type: 'string' } } });
  const consoleMatches = (values.console ?? process.env.EXTENSION_CONSOLE_MATCHES ?? '')
    .split(',')
    .map((pattern) => pattern.trim())
    .filter(Boolean);
  const started = Date.now();
  buildExtension({ outDir: values.out ? path.resolve(values.out) : undefined, consoleMatches }).then(
    ({ outDir, manifest }) => {
      console.log(`extension ${manifest.version} built in ${Date.now() - started} ms: ${path.relative(process.cwd(), outDir) || '.'}`);
      console.log(`console pages: ${manifest.content_scripts[0].matches.join(' ')}`);
      console.log('load it unpacked: chrome://extensions → Developer mode → Load unpacked → that folder');
    },
    (error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
