/**
 * The layer check (scripts/layer-check.mjs): nothing in server/, config/ or contract/ imports the
 * console; no server domain imports the HTTP layer; the server's Chinese is in its messages.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chineseOutsideMessages, consoleImportsBelow, httpImportsFromDomains } from '../../scripts/layer-check.mjs';

describe('layer check', () => {
  let root = '';
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'layer-check-'));
    write('src/locales/zh-CN/orders.ts', "export const T = '订单';\n");
    write('contract/text/orders.ts', "export const T = '订单';\n");
    write('server/order/list.ts', "import { T } from '#contract/text/orders';\nimport { x } from '../db/query';\n");
    // The console may import the floors below it.
    write('src/pages/Orders.tsx', "import { T } from '#contract/text/orders';\nimport { y } from '../../server/x';\n");
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('passes a tree whose lower floors import only each other', () => {
    expect(consoleImportsBelow(root)).toEqual([]);
  });

  it('names each import of the console from below: relative, by alias, required or imported lazily', () => {
    write('server/exports/plans.ts', "// header\nimport { T } from '../../src/locales/zh-CN/orders';\n");
    write('config/routes.ts', "export { ROUTE_TITLES } from '@/locales/zh-CN/routes';\n");
    write('contract/text/lazy.ts', 'const m = () => import(\'../../src/app\');\nconst r = require("../../src/access");\n');
    expect(consoleImportsBelow(root)).toEqual(
      expect.arrayContaining([
        { file: path.join('server', 'exports', 'plans.ts'), line: 2, specifier: '../../src/locales/zh-CN/orders' },
        { file: path.join('config', 'routes.ts'), line: 1, specifier: '@/locales/zh-CN/routes' },
        { file: path.join('contract', 'text', 'lazy.ts'), line: 1, specifier: '../../src/app' },
        { file: path.join('contract', 'text', 'lazy.ts'), line: 2, specifier: '../../src/access' },
      ]),
    );
    expect(consoleImportsBelow(root)).toHaveLength(4);
  });

  it('names each import of the HTTP layer from a server domain, and lets the composition import it', () => {
    write('server/http/calls.ts', "import { listOrders } from '../order/list';\n");
    write('server/app.ts', "import { registerCalls } from './http/calls';\n");
    write('server/handlers.ts', "import { callsOf } from './http/calls';\nimport { orderHandlers } from './order/handlers';\n");
    write('server/order/handlers.ts', "import type { CallHandlers } from '../context';\n");
    expect(httpImportsFromDomains(root)).toEqual([]);
    write('server/media/routes.ts', "import x from 'fastify';\nimport { fail } from '../http/respond';\n");
    write('server/order/deep/x.ts', "export { ok } from '../../http/respond';\n");
    expect(httpImportsFromDomains(root)).toEqual([
      { file: path.join('server', 'media', 'routes.ts'), line: 2, specifier: '../http/respond' },
      { file: path.join('server', 'order', 'deep', 'x.ts'), line: 1, specifier: '../../http/respond' },
    ]);
  });

  it("finds the server's Chinese strings and templates outside its messages, seed and validation files, and never in comments", () => {
    write('package.json', '{}');
    fs.symlinkSync(path.resolve(__dirname, '../../node_modules'), path.join(root, 'node_modules'));
    write('server/order/messages.ts', "export const M = { gone: '订单不存在', note: (no: string) => `订单 ${no} 佣金` };\n");
    write('server/seed/domains/orders.ts', "export const NAME = '旗舰版';\n");
    write('server/http/validation.ts', "export const SAY = '格式不正确';\n");
    write('server/order/list.ts', "/** 订单列表 in a comment is fine. */\n// so is 这里\nexport const SEP = '：';\n");
    expect(chineseOutsideMessages(root)).toEqual([]);
    write('server/order/actions.ts', "const a = 1;\nthrow badParameter('id', '订单不存在');\nconst t = `第 ${a} 版`;\n");
    expect(chineseOutsideMessages(root)).toEqual([
      { file: path.join('server', 'order', 'actions.ts'), line: 2, text: '订单不存在' },
      { file: path.join('server', 'order', 'actions.ts'), line: 3, text: '第 ' },
      { file: path.join('server', 'order', 'actions.ts'), line: 3, text: ' 版' },
    ]);
  });
});
