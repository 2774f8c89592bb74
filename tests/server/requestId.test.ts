/**
 * Request ids (issue 34): every answer names its request (`X-Request-Id`); the name comes from a
 * proxy that TRUST_PROXY lists, else the instance makes one, so a client can not choose it.
 */
import type { IncomingMessage } from 'node:http';
import { buildApp } from '../../server/app';
import { requestIdGenerator } from '../../server/http/requestId';
import { describeEachDatabase, testConfig } from './support/databases';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const NGINX_ID = '0f6a3c9e8d1b4a7f92e5c3d1b0a9f8e7';

const rawRequest = (remoteAddress: string, id?: string) =>
  ({ headers: id === undefined ? {} : { 'x-request-id': id }, socket: { remoteAddress } }) as unknown as IncomingMessage;

describe('requestIdGenerator', () => {
  it("takes a trusted proxy's id, and makes one for anybody else", () => {
    const behindNginx = requestIdGenerator(['127.0.0.1']);
    expect(behindNginx(rawRequest('127.0.0.1', NGINX_ID))).toBe(NGINX_ID);
    expect(behindNginx(rawRequest('203.0.113.9', NGINX_ID))).toMatch(UUID);
    expect(behindNginx(rawRequest('127.0.0.1'))).toMatch(UUID);
    expect(requestIdGenerator(false)(rawRequest('127.0.0.1', NGINX_ID))).toMatch(UUID);
  });

  it('never takes an id that could forge a log line', () => {
    const behindNginx = requestIdGenerator(['127.0.0.1']);
    for (const forged of ['short', 'x'.repeat(65), 'abc def ghi', 'id\n{"level":50}', '../../etc/passwd']) {
      expect(behindNginx(rawRequest('127.0.0.1', forged))).toMatch(UUID);
    }
  });
});

describeEachDatabase('request ids on the answers', (ctx) => {
  it('names every answer, a new id each time, whatever the client sends', async () => {
    const first = await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': NGINX_ID } });
    const second = await ctx.app.inject({ method: 'POST', url: '/api/admin/news/list', payload: {} });
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/admin/nothing' });
    const ids = [first, second, missing].map((answer) => answer.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(3);
  });

  it('keeps the id of a proxy TRUST_PROXY lists', async () => {
    const behindNginx = await buildApp({ db: ctx.db, config: testConfig({ trustProxy: ['127.0.0.1'] }) });
    try {
      const answer = await behindNginx.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': NGINX_ID } });
      expect(answer.headers['x-request-id']).toBe(NGINX_ID);
      const stranger = await behindNginx.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': NGINX_ID },
        remoteAddress: '203.0.113.9',
      });
      expect(stranger.headers['x-request-id']).toMatch(UUID);
    } finally {
      await behindNginx.close();
    }
  });
});
