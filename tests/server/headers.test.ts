/**
 * The security headers on every answer (server/http/securityHeaders.ts): the console's
 * Content-Security-Policy, framing, sniffing, referrer and permissions policies, HSTS only for an
 * https PUBLIC_URL, and no-store on every /api/admin answer.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../server/app';
import { ConfigError, loadConfig } from '../../server/config';
import { inlineScriptHashes } from '../../server/http/securityHeaders';
import { DEMO_ACCOUNTS } from '#contract/demoAccounts';
import { describeEachDatabase, injectCall, testConfig } from './support/databases';

/** A console built as umi builds it: no inline script. */
const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-dist-headers-'));
fs.writeFileSync(
  path.join(staticDir, 'index.html'),
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/umi.0a1b2c3d.css"><script src="/preload_helper.1a2b3c4d.js"></script></head><body><div id="root"></div><script src="/umi.1a2b3c4d.js"></script></body></html>',
);
fs.writeFileSync(path.join(staticDir, 'umi.1a2b3c4d.js'), 'console.log("console");\n');
fs.writeFileSync(path.join(staticDir, 'umi.0a1b2c3d.css'), 'body{margin:0}\n');

/** A console whose index.html carries inline scripts (as umi does with some options). */
const INLINE_ONE = 'window.routerBase = "/";';
const INLINE_TWO = '\n  window.publicPath = "/";\n';
const inlineDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-dist-inline-'));
fs.writeFileSync(
  path.join(inlineDir, 'index.html'),
  `<!DOCTYPE html><html><head><script>${INLINE_ONE}</script><script type="text/javascript">${INLINE_TWO}</script></head><body><div id="root"></div><script src="/umi.1a2b3c4d.js"></script></body></html>`,
);
afterAll(() => {
  fs.rmSync(staticDir, { recursive: true, force: true });
  fs.rmSync(inlineDir, { recursive: true, force: true });
});

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

export const EXPECTED_CSP =
  "default-src 'self';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;" +
  "font-src 'self' data:;media-src 'self';connect-src 'self';object-src 'none';base-uri 'none';form-action 'self';frame-ancestors 'none'";

function expectSecurityHeaders(response: LightMyRequestResponse, label: string) {
  const { headers } = response;
  expect({ label, csp: headers['content-security-policy'] }).toEqual({ label, csp: EXPECTED_CSP });
  expect({
    label,
    frame: headers['x-frame-options'],
    nosniff: headers['x-content-type-options'],
    referrer: headers['referrer-policy'],
    hsts: headers['strict-transport-security'],
  }).toEqual({ label, frame: 'DENY', nosniff: 'nosniff', referrer: 'same-origin', hsts: undefined });
  expect(headers['permissions-policy']).toEqual(expect.stringContaining('camera=()'));
  expect(headers['permissions-policy']).toEqual(expect.stringContaining('microphone=()'));
  expect(headers['permissions-policy']).toEqual(expect.stringContaining('geolocation=()'));
}

describeEachDatabase(
  'security headers',
  (ctx) => {
    const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

    it('are on the console document at / and on client routes, with a script policy without unsafe-inline', async () => {
      for (const url of ['/', '/login', '/client/home']) {
        const response = await get(url);
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toMatch(/text\/html/);
        expectSecurityHeaders(response, url);
        expect(response.headers['cache-control']).toBe('no-cache');
      }
      const scriptSrc = String((await get('/')).headers['content-security-policy'])
        .split(';')
        .find((directive) => directive.startsWith('script-src '));
      expect(scriptSrc).toBe("script-src 'self'");
    });

    it('are on a hashed asset, which stays cached immutably', async () => {
      const response = await get('/umi.1a2b3c4d.js');
      expect(response.statusCode).toBe(200);
      expectSecurityHeaders(response, '/umi.1a2b3c4d.js');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expectSecurityHeaders(await get('/umi.0a1b2c3d.css'), '/umi.0a1b2c3d.css');
      expectSecurityHeaders(await get('/umi.ffffffff.js'), 'a missing file');
    });

    it('are on API answers, which are never stored', async () => {
      const news = await ctx.call('news/list', {});
      expect(news.isSuccess).toBe(true);
      expectSecurityHeaders(news.response, 'news/list');
      expect(news.response.headers['cache-control']).toBe('no-store');

      const refused = await ctx.call('account/getMenus', {});
      expect(refused.code).toBe('A0230');
      expect(refused.response.headers['cache-control']).toBe('no-store');
      const unknown = await ctx.app.inject({ method: 'POST', url: '/api/admin/no/such', payload: {} });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.headers['cache-control']).toBe('no-store');
      expectSecurityHeaders(unknown, 'unknown call');
      expectSecurityHeaders(await get('/api/health'), '/api/health');
    });

    it('keep no-store on the polled ETag answers, which still revalidate with If-None-Match', async () => {
      const token = await ctx.pluginToken(await ctx.login(DEMO_ACCOUNTS.member.username));
      const first = await ctx.call('plugin/scripts', {}, { token });
      const etag = first.response.headers.etag as string;
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(first.response.headers['cache-control']).toBe('no-store');
      const revalidated = await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/plugin/scripts',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'if-none-match': etag },
        payload: '{}',
      });
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.headers.etag).toBe(etag);
      expect(revalidated.headers['cache-control']).toBe('no-store');
    });

    it('send HSTS (and upgrade-insecure-requests) only for an https PUBLIC_URL, with its subdomains unless turned off', async () => {
      const withUrl = async (
        publicUrl: string | undefined,
        check: (app: FastifyInstance) => Promise<void>,
        hstsIncludeSubDomains = true,
      ) => {
        const app = await buildApp({ db: ctx.db, config: testConfig({ staticDir, publicUrl, hstsIncludeSubDomains }) });
        try {
          await check(app);
        } finally {
          await app.close();
        }
      };
      await withUrl('http://console.example', async (app) => {
        for (const url of ['/', '/umi.1a2b3c4d.js']) {
          const response = await app.inject({ method: 'GET', url });
          expect(response.headers['strict-transport-security']).toBeUndefined();
          expect(response.headers['content-security-policy']).toBe(EXPECTED_CSP);
        }
        expect((await injectCall(app, 'news/list', {})).response.headers['strict-transport-security']).toBeUndefined();
      });
      await withUrl('https://console.example', async (app) => {
        for (const url of ['/', '/umi.1a2b3c4d.js']) {
          const response = await app.inject({ method: 'GET', url });
          expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
          expect(response.headers['content-security-policy']).toBe(`${EXPECTED_CSP};upgrade-insecure-requests`);
        }
        const api = (await injectCall(app, 'news/list', {})).response;
        expect(api.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
        expect(api.headers['cache-control']).toBe('no-store');
      });
      await withUrl(
        'https://console.example',
        async (app) => {
          expect((await app.inject({ method: 'GET', url: '/' })).headers['strict-transport-security']).toBe('max-age=31536000');
        },
        false,
      );
    });

    it('allow the inline scripts of the built index.html by their sha256, never by unsafe-inline', async () => {
      expect(inlineScriptHashes(fs.readFileSync(path.join(inlineDir, 'index.html'), 'utf8'))).toEqual([
        sha256(INLINE_ONE),
        sha256(INLINE_TWO),
      ]);
      const app = await buildApp({ db: ctx.db, config: testConfig({ staticDir: inlineDir }) });
      try {
        const csp = String((await app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
        expect(csp).toContain(`script-src 'self' ${sha256(INLINE_ONE)} ${sha256(INLINE_TWO)};`);
        expect(csp.split(';').find((directive) => directive.startsWith('script-src '))).not.toContain('unsafe');
      } finally {
        await app.close();
      }
    });
  },
  { config: { staticDir } },
);

describe('PUBLIC_URL', () => {
  it('is optional, kept without a trailing slash, and refused when it is not an http(s) URL', () => {
    expect(loadConfig({}).publicUrl).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: 'https://console.example/' }).publicUrl).toBe('https://console.example');
    expect(() => loadConfig({ PUBLIC_URL: 'console.example' })).toThrow(ConfigError);
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://console.example' })).toThrow(ConfigError);
  });
});
