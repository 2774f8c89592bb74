/**
 * The built console (`max build` → dist/) on the API's port: hashed assets cached immutably,
 * everything else revalidated, and client routes answered with index.html (SPA fallback).
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';

/** `umi.1a2b3c4d.js`, `p__Login.1a2b3c4d.async.js`, `umi.1a2b3c4d.css`, `12.1a2b3c4d.chunk.css`. */
const HASHED_ASSET = /\.[0-9a-f]{8,}(\.(async|chunk))?\.(js|css)$/i;

export const isHashedAsset = (file: string) => HASHED_ASSET.test(path.basename(file));

export const consoleBuilt = (staticDir: string) => fs.existsSync(path.join(staticDir, 'index.html'));

export async function registerStatic(app: FastifyInstance, staticDir: string): Promise<boolean> {
  if (!consoleBuilt(staticDir)) return false;
  await app.register(fastifyStatic, {
    root: staticDir,
    index: ['index.html'],
    cacheControl: false,
    etag: true,
    lastModified: true,
    setHeaders(reply: any, file: string) {
      const cacheControl = isHashedAsset(file) ? IMMUTABLE : NO_CACHE;
      if (typeof reply.header === 'function') reply.header('cache-control', cacheControl);
      else reply.setHeader('cache-control', cacheControl);
    },
  });
  return true;
}

/** The SPA fallback: the console's index.html, never cached. */
export function sendIndex(reply: FastifyReply) {
  return reply.header('cache-control', NO_CACHE).sendFile('index.html');
}

export const NOT_BUILT_TEXT = 'The console is not built yet: run `npm run build`, then restart the server. The API is served under /api.\n';
