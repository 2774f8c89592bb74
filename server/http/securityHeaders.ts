/**
 * The security headers of every answer (@fastify/helmet plus Permissions-Policy), and
 * `Cache-Control: no-store` on every /api/admin answer.
 *
 * The Content-Security-Policy is the one the built console runs under: scripts only from the
 * console's origin (umi emits no inline script; should index.html ever carry one, its sha256 is
 * allowed, computed from the built index.html when the server starts), no eval, no plug-ins, no
 * framing. Styles need 'unsafe-inline': antd 5's css-in-js and CodeMirror inject <style> elements
 * at run time. Media files (`/api/media/<key>`) replace the policy with their own stricter one
 * (`default-src 'none'; sandbox`, server/http/mediaRoutes.ts).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '#contract/constants';

/** Browser features the console never uses, switched off for it and anything it could embed. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'serial=()',
  'usb=()',
].join(', ');

/** One year, for this host only (the console's operator decides about subdomains and preloading). */
export const HSTS_MAX_AGE_SECONDS = 31_536_000;

export const API_NO_STORE = 'no-store';

/** The `'sha256-…'` source of each inline script of an HTML page (a `<script>` element without `src`). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const [, attributes, body] = match;
    if (/\ssrc\s*=/i.test(` ${attributes}`)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...new Set(hashes)];
}

/** The hashes of the built console's inline scripts (none when it is not built). */
export function consoleScriptHashes(staticDir: string): string[] {
  const index = path.join(staticDir, 'index.html');
  return fs.existsSync(index) ? inlineScriptHashes(fs.readFileSync(index, 'utf8')) : [];
}

export interface SecurityHeaderOptions {
  staticDir: string;
  publicUrl: string | undefined;
  /** HSTS covers the host's subdomains too (`HSTS_INCLUDE_SUBDOMAINS`, on unless turned off). */
  hstsIncludeSubDomains: boolean;
}

export const isHttps = (publicUrl: string | undefined) => Boolean(publicUrl && /^https:/i.test(publicUrl));

/** The directives of the console's Content-Security-Policy. */
export function cspDirectives({ staticDir, publicUrl }: SecurityHeaderOptions): Record<string, string[]> {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...consoleScriptHashes(staticDir)],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'media-src': ["'self'"],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    // No page of the console sets a <base>: none may (a injected one would redirect relative URLs).
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  if (isHttps(publicUrl)) directives['upgrade-insecure-requests'] = [];
  return directives;
}

const isAdminApi = (url: string) => url === API_PREFIX || url.startsWith(`${API_PREFIX}/`) || url.startsWith(`${API_PREFIX}?`);

export async function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions) {
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(options) },
    // The console opens shop and creator pages in named windows; those stay reachable.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: isHttps(options.publicUrl)
      ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: options.hstsIncludeSubDomains }
      : false,
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
  // Every API answer holds one account's data: no copy in any cache. The polled calls keep their
  // ETag; their client sends If-None-Match from its own store, which no-store does not touch.
  app.addHook('onSend', async (request, reply, payload) => {
    if (isAdminApi(request.url)) reply.header('cache-control', API_NO_STORE);
    return payload;
  });
}
