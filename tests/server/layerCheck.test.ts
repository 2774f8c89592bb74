/** The layer check (scripts/layer-check.mjs): nothing in server/, config/ or contract/ imports the console. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { consoleImportsBelow } from '../../scripts/layer-check.mjs';

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
    write('server/orders/list.ts', "import { T } from '#contract/text/orders';\nimport { x } from '../db/query';\n");
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
});
