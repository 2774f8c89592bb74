/**
 * Writes dist/chunk-groups.json at the end of a production build: the files of the entry point and
 * of each named async chunk group (umi names a route's group after its page, e.g. `p__Login`). The
 * page-weight budgets of scripts/bundle-check.mjs read it to know what a page loads, without a browser.
 */
import fs from 'node:fs';
import path from 'node:path';

export const CHUNK_GROUPS_FILE = 'chunk-groups.json';

interface Compilation {
  entrypoints: Map<string, { getFiles(): string[] }>;
  namedChunkGroups: Map<string, { getFiles(): string[] }>;
  outputOptions: { path?: string };
}

interface Compiler {
  hooks: { afterEmit: { tap(name: string, run: (compilation: Compilation) => void): void } };
}

const jsFiles = (files: string[]) => [...new Set(files.filter((file) => file.endsWith('.js')))].sort();

export class ChunkGroupsManifestPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.afterEmit.tap('ChunkGroupsManifestPlugin', (compilation) => {
      const entries = Object.fromEntries([...compilation.entrypoints].map(([name, group]) => [name, jsFiles(group.getFiles())]));
      const groups = Object.fromEntries(
        [...compilation.namedChunkGroups]
          .filter(([name]) => !compilation.entrypoints.has(name))
          .map(([name, group]) => [name, jsFiles(group.getFiles())]),
      );
      const out = compilation.outputOptions.path;
      if (out) fs.writeFileSync(path.join(out, CHUNK_GROUPS_FILE), `${JSON.stringify({ entries, groups }, null, 2)}\n`);
    });
  }
}
