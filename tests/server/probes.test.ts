/**
 * The probes: GET /api/health (the process is alive, no database) and GET /api/ready (the database
 * answers and no stop has begun). Neither is rate limited nor authenticated nor cached, and neither
 * shadows the API calls or the console's fallback.
 */
import { buildApp, type Lifecycle } from '../../server/app';
import { openDatabase } from '../../server/db/client';
import { describeEachDatabase, testConfig } from './support/databases';

describeEachDatabase(
  'probes',
  (ctx) => {
    it('answers /api/health and /api/ready with 200, no-store, never counted by the /api ceiling', async () => {
      const ip = '203.0.113.50';
      for (let i = 0; i < 5; i += 1) {
        for (const url of ['/api/health', '/api/ready']) {
          const response = await ctx.app.inject({ method: 'GET', url, remoteAddress: ip });
          expect({ url, status: response.statusCode, body: response.json(), cacheControl: response.headers['cache-control'] }).toEqual({
            url,
            status: 200,
            body: { status: 'ok' },
            cacheControl: 'no-store',
          });
        }
      }
      expect((await ctx.app.inject({ method: 'HEAD', url: '/api/ready', remoteAddress: ip })).statusCode).toBe(200);
      // The same address is still under the ceiling of 3 for the API itself.
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await ctx.call('account/getOne', undefined, { ip })).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
    });

    it('leaves the API calls and the fallback alone', async () => {
      const post = await ctx.app.inject({ method: 'POST', url: '/api/ready', payload: {} });
      expect(post.statusCode).toBe(404);
      expect(post.json()).toMatchObject({ isSuccess: false, code: 'A0400' });
      const near = await ctx.app.inject({ method: 'GET', url: '/api/readiness' });
      expect(near.statusCode).toBe(404);
      const login = await ctx.call('account/login', { username: 'nobody_here', password: 'x' });
      expect(login.status).toBe(200);
    });

    it('answers 503 from /api/ready once a stop has begun, while /api/health stays 200', async () => {
      const lifecycle: Lifecycle = { shuttingDown: false };
      const app = await buildApp({ db: ctx.db, config: ctx.config, lifecycle });
      try {
        expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
        lifecycle.shuttingDown = true;
        const ready = await app.inject({ method: 'GET', url: '/api/ready' });
        expect({ status: ready.statusCode, body: ready.json(), cacheControl: ready.headers['cache-control'] }).toEqual({
          status: 503,
          body: { status: 'shutting-down' },
          cacheControl: 'no-store',
        });
        expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      } finally {
        await app.close();
      }
    });
  },
  { config: { apiRateLimitPerMinute: 3 } },
);

describe('probes without a database', () => {
  it('answer 503 from /api/ready when the database is gone, 200 from /api/health', async () => {
    const database = await openDatabase({});
    const app = await buildApp({ db: database.db, config: testConfig() });
    try {
      await database.close();
      const ready = await app.inject({ method: 'GET', url: '/api/ready' });
      expect({ status: ready.statusCode, body: ready.json() }).toEqual({ status: 503, body: { status: 'database-unavailable' } });
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
