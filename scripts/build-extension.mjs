#!/usr/bin/env node
/**
 * `npm run build:extension`: bundles the reference extension (extension/src, TypeScript that imports
 * contract/pluginProtocol.ts) with esbuild into a folder Chromium loads unpacked.
 *
 *   node scripts/build-extension.mjs [--out <dir>] [--console-origin <origin>]
 *
 * --out             target folder (default extension/dist)
 * --console-origin  the one console the build trusts, e.g. https://console.example.com (also
 *                   EXTENSION_CONSOLE_ORIGIN). Default http://localhost:8000 (`npm start` here).
 *                   Exactly an origin, port included; https unless the host is this machine. The
 *                   bridge runs on its pages only and the worker calls only its server.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sourceDir = path.join(root, 'extension', 'src');
const ENTRY_POINTS = ['background', 'bridge', 'site'];

/** Bundles the extension into `outDir`; answers the folder and the manifest it wrote. */
export async function buildExtension({ outDir = path.join(root, 'extension', 'dist'), consoleOrigin } = {}) {
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
    consoleOriginProblem,
    DEFAULT_CONSOLE_ORIGIN,
    EXTENSION_VERSION: version,
  } = await import(`data:text/javascript;base64,${Buffer.from(manifestModule.outputFiles[0].text).toString('base64')}`);
  const origin = consoleOrigin || DEFAULT_CONSOLE_ORIGIN;
  const problem = consoleOriginProblem(origin);
  if (problem) throw new Error(problem);

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
    // extension/src/consoleOrigin.ts: compiled in, so that no page can change it.
    define: { __CONSOLE_ORIGIN__: JSON.stringify(origin) },
  });
  const manifest = buildManifest({ version, consoleOrigin: origin });
  fs.writeFileSync(path.join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return { outDir, manifest };
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (isMain) {
  const { values } = parseArgs({ options: { out: { type: 'string' }, 'console-origin': { type: 'string' } } });
  const consoleOrigin = (values['console-origin'] ?? process.env.EXTENSION_CONSOLE_ORIGIN ?? '').trim();
  const started = Date.now();
  buildExtension({ outDir: values.out ? path.resolve(values.out) : undefined, consoleOrigin }).then(
    ({ outDir, manifest }) => {
      console.log(`extension ${manifest.version} built in ${Date.now() - started} ms: ${path.relative(process.cwd(), outDir) || '.'}`);
      console.log(`the console it trusts: ${manifest.content_scripts[0].matches.join(' ')}`);
      console.log('load it unpacked: chrome://extensions → Developer mode → Load unpacked → that folder');
    },
    (error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
