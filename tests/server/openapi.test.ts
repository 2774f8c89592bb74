/**
 * The contract and its document: every mounted call is declared in contract/api with a summary,
 * an answer schema and an example that its own schemas accept; /api/openapi.json describes each
 * one (summary, grants, bearer security, response schema, examples) and /api/docs serves a reader.
 */
import { Type } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { API } from '#contract/api';
import { exportApi } from '#contract/api/exports';
import type { ApiCall } from '#contract/api/define';
import { Empty } from '#contract/api/common';
import { buildApp } from '../../server/app';
import { CALLS } from '../../server/handlers';
import { callOf, registerCalls } from '../../server/http/calls';
import { RbacCache } from '../../server/rbac/snapshot';
import '../../server/http/answerCheck';
import { DOCS_PATH, OPENAPI_PATH } from '../../server/http/openapi';
import { describeEachDatabase } from './support/databases';
import { CODES } from '#contract/codes';
import { DEMO_ACCOUNTS } from '#contract/demoAccounts';

const contracts = Object.entries({ ...API, ...exportApi });

describe('the contract', () => {
  it('declares every mounted call once, and mounts every declared call', () => {
    const mounted = CALLS.map((call) => call.path).sort();
    expect(new Set(mounted).size).toBe(mounted.length);
    expect(mounted).toEqual(Object.keys(API).sort());
  });

  it.each(contracts)('%s has a summary, an answer schema and an example its schemas accept', (path, contract) => {
    expect(contract.summary.trim().length).toBeGreaterThan(3);
    expect(contract.summary).not.toBe(path);
    expect(contract.answer).toBeDefined();
    const body = TypeCompiler.Compile(contract.body);
    const answer = TypeCompiler.Compile(contract.answer);
    expect([...body.Errors(contract.example.body)].map((error) => `${error.path} ${error.message}`)).toEqual([]);
    expect([...answer.Errors(contract.example.answer)].map((error) => `${error.path} ${error.message}`)).toEqual([]);
  });
});

describeEachDatabase(
  'the API document',
  (ctx) => {
    /** The document as staff signed in to the console read it (it is not public unless PUBLIC_API_DOCS says so). */
    const asStaff = async () => ({ authorization: `Bearer ${await ctx.login(DEMO_ACCOUNTS.superAdmin.username)}` });

    it('describes every call: summary, grants, security, body, response schema and examples', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: OPENAPI_PATH, headers: await asStaff() });
      expect(response.statusCode).toBe(200);
      const document = response.json();
      expect(document.openapi).toMatch(/^3\./);
      expect(document.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
      expect(document.info.description).toContain('A0400');
      const operations = Object.entries(document.paths as Record<string, { post?: any }>);
      const documented: Record<string, ApiCall> = { ...API, ...exportApi };
      expect(operations.map(([url]) => url).sort()).toEqual(
        Object.keys(documented)
          .map((path) => `/api/admin/${path}`)
          .sort(),
      );
      const missing: string[] = [];
      for (const [url, { post }] of operations) {
        const path = url.replace('/api/admin/', '');
        const contract = documented[path];
        if (post?.summary !== contract.summary) missing.push(`${path}: summary`);
        if (!post?.description?.includes('权限')) missing.push(`${path}: grants`);
        if ((contract.auth === 'public') !== (post?.security?.length === 0)) missing.push(`${path}: security`);
        if (contract.download) {
          // 导出: the answer is the file (CSV or Excel); a refusal is the JSON wrapper.
          const files = post?.responses?.['200']?.content ?? {};
          if (!files['text/csv']?.schema || !files['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']?.schema)
            missing.push(`${path}: file types`);
        } else {
          const success = post?.responses?.['200']?.content?.['application/json'];
          if (!success?.schema?.properties?.content) missing.push(`${path}: response schema`);
          if (!success?.example && !success?.examples) missing.push(`${path}: answer example`);
        }
        const request = post?.requestBody?.content?.['application/json'];
        if (!request?.schema) missing.push(`${path}: body schema`);
        if (!request?.example && !request?.examples) missing.push(`${path}: body example`);
      }
      expect(missing).toEqual([]);
    });

    it('serves a reader at /api/docs and leaves the other routes out of the document', async () => {
      const page = await ctx.app.inject({ method: 'GET', url: `${DOCS_PATH}/` });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      const document = (await ctx.app.inject({ method: 'GET', url: OPENAPI_PATH, headers: await asStaff() })).json();
      expect(Object.keys(document.paths).filter((url) => !url.startsWith('/api/admin/'))).toEqual([]);
    });

    it('answers the document to staff only, unless PUBLIC_API_DOCS opens it; the reader page sends the console token', async () => {
      const member = { authorization: `Bearer ${await ctx.login(DEMO_ACCOUNTS.member.username)}` };
      for (const url of [OPENAPI_PATH, `${DOCS_PATH}/json`, `${DOCS_PATH}/yaml`]) {
        const anonymous = await ctx.app.inject({ method: 'GET', url });
        expect([url, anonymous.statusCode, anonymous.json().code]).toEqual([url, 401, CODES.LOGIN_EXPIRED]);
        const refused = await ctx.app.inject({ method: 'GET', url, headers: member });
        expect([url, refused.statusCode, refused.json().code]).toEqual([url, 403, CODES.NOT_AUTHORISED]);
        expect([url, (await ctx.app.inject({ method: 'GET', url, headers: await asStaff() })).statusCode]).toEqual([url, 200]);
      }
      // The reader's page and scripts hold no part of the API: public, and they send the console's token.
      expect((await ctx.app.inject({ method: 'GET', url: `${DOCS_PATH}/` })).statusCode).toBe(200);
      const initializer = await ctx.app.inject({ method: 'GET', url: `${DOCS_PATH}/static/swagger-initializer.js` });
      expect(initializer.statusCode).toBe(200);
      expect(initializer.body).toMatch(/sessionStorage\.getItem\(["']token["']\)/);

      const open = await buildApp({ db: ctx.db, config: { ...ctx.config, publicApiDocs: true } });
      try {
        expect((await open.inject({ method: 'GET', url: OPENAPI_PATH })).statusCode).toBe(200);
        expect((await open.inject({ method: 'GET', url: `${DOCS_PATH}/json` })).statusCode).toBe(200);
      } finally {
        await open.close();
      }
    });

    it('serialises an answer with its schema: a field the schema does not declare is not sent', async () => {
      const app = await buildApp({ db: ctx.db, config: ctx.config });
      const answer = Type.Object({ id: Type.Integer(), name: Type.String() });
      const contract = {
        summary: '探针',
        auth: 'public',
        body: Empty,
        answer,
        example: { body: {}, answer: { id: 1, name: 'a' } },
      } as const;
      const leaky = { id: 1, name: 'a', passwordHash: 'secret' };
      registerCalls(app, { db: ctx.db, config: ctx.config, rbac: new RbacCache(ctx.db) }, [
        callOf('probe/leak', contract, async () => leaky),
      ]);
      try {
        const response = await app.inject({ method: 'POST', url: '/api/admin/probe/leak', payload: {} });
        expect(response.json()).toEqual({ isSuccess: true, code: '00000', msg: '成功', content: { id: 1, name: 'a' } });
      } finally {
        await app.close();
      }
    });

    it('fails a call whose answer does not match its schema when answers are checked (the tests)', async () => {
      const config = { ...ctx.config, checkAnswers: true };
      const app = await buildApp({ db: ctx.db, config });
      const contract = {
        summary: '探针',
        auth: 'public',
        body: Empty,
        answer: Type.Object({ id: Type.Integer() }),
        example: { body: {}, answer: { id: 1 } },
      } as const;
      const calls = [
        callOf('probe/wrongType', contract, async () => ({ id: 'one' }) as never),
        callOf('probe/extra', contract, async () => ({ id: 1, extra: true })),
        callOf('probe/right', contract, async () => ({ id: 1 })),
      ];
      registerCalls(app, { db: ctx.db, config, rbac: new RbacCache(ctx.db) }, calls);
      const quiet = jest.spyOn(console, 'error').mockImplementation(() => {});
      try {
        for (const path of ['probe/wrongType', 'probe/extra']) {
          const response = await app.inject({ method: 'POST', url: `/api/admin/${path}`, payload: {} });
          expect(response.json()).toMatchObject({ isSuccess: false, code: 'B0001' });
        }
        expect(quiet.mock.calls.map(([message]) => String(message))).toEqual([
          expect.stringContaining('answer of probe/wrongType does not match its schema: /id'),
          expect.stringContaining('answer of probe/extra does not match its schema: undeclared fields: /extra'),
        ]);
        const right = await app.inject({ method: 'POST', url: '/api/admin/probe/right', payload: {} });
        expect(right.json()).toMatchObject({ isSuccess: true, content: { id: 1 } });
      } finally {
        quiet.mockRestore();
        await app.close();
      }
    });
  },
  { config: { checkAnswers: false } },
);
