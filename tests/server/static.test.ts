import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildApp } from '../../server/app';
import { describeEachDatabase, testConfig } from './support/databases';

const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-dist-'));
const script = `/* app */\n${'console.log("hello console");\n'.repeat(200)}`;
const indexHtml = `<!DOCTYPE html><html><head><title>控制台</title><script src="/umi.1a2b3c4d.js"></script></head><body><div id="root"></div>${' '.repeat(2000)}</body></html>`;
fs.writeFileSync(path.join(staticDir, 'index.html'), indexHtml);
fs.writeFileSync(path.join(staticDir, 'umi.1a2b3c4d.js'), script);
fs.writeFileSync(path.join(staticDir, 'p__Login.9f8e7d6c.async.js'), script);
fs.writeFileSync(path.join(staticDir, 'umi.0a1b2c3d.css'), `body{margin:0}\n`.repeat(200));
fs.writeFileSync(path.join(staticDir, 'logo.png'), Buffer.alloc(64, 1));
afterAll(() => fs.rmSync(staticDir, { recursive: true, force: true }));

describeEachDatabase(
  'static console',
  (ctx) => {
    const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

    it('caches hashed assets immutably', async () => {
      for (const url of ['/umi.1a2b3c4d.js', '/p__Login.9f8e7d6c.async.js', '/umi.0a1b2c3d.css']) {
        const response = await get(url);
        expect({ url, status: response.statusCode, cache: response.headers['cache-control'] }).toEqual({
          url,
          status: 200,
          cache: 'public, max-age=31536000, immutable',
        });
      }
      expect((await get('/umi.1a2b3c4d.js')).headers['content-type']).toMatch(/javascript/);
      expect((await get('/logo.png')).headers['cache-control']).toBe('no-cache');
    });

    it('serves index.html uncached at / and for every client route (SPA fallback)', async () => {
      for (const url of ['/', '/index.html', '/client/home', '/client/system/usersManager?x=1', '/login']) {
        const response = await get(url);
        expect({ url, status: response.statusCode, cache: response.headers['cache-control'], body: response.body }).toEqual({
          url,
          status: 200,
          cache: 'no-cache',
          body: indexHtml,
        });
        expect(response.headers['content-type']).toMatch(/text\/html/);
      }
    });

    it('answers 404 for a missing file and a 404 wrapper for unknown API paths', async () => {
      expect((await get('/umi.ffffffff.js')).statusCode).toBe(404);
      const api = await get('/api/admin/unknown');
      expect(api.statusCode).toBe(404);
      expect(api.json()).toMatchObject({ isSuccess: false, code: 'A0400' });
      expect((await get('/api/health')).json()).toEqual({ status: 'ok' });
    });

    it('compresses with brotli or gzip', async () => {
      const br = await get('/umi.1a2b3c4d.js', { 'accept-encoding': 'br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
      expect(br.rawPayload.length).toBeLessThan(script.length / 5);
      const gzip = await get('/client/home', { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(indexHtml);
      const plain = await get('/umi.1a2b3c4d.js');
      expect(plain.headers['content-encoding']).toBeUndefined();
    });

    it('still serves the API and a hint when the console is not built', async () => {
      const bare = await buildApp({ db: ctx.db, config: testConfig({ staticDir: path.join(staticDir, 'missing') }) });
      try {
        const root = await bare.inject({ method: 'GET', url: '/' });
        expect(root.statusCode).toBe(200);
        expect(root.body).toContain('npm run build');
        const news = await bare.inject({ method: 'POST', url: '/api/admin/news/list', payload: {} });
        expect(news.json().code).toBe('00000');
      } finally {
        await bare.close();
      }
    });
  },
  { config: { staticDir } },
);
