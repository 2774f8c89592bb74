/**
 * The floor bench:page compares the console's pages with (issue 34 point 5): a bare Umi Max app whose
 * one page is an antd form with a username, a password and a button, built with the console's own
 * build flags (read from .umirc.ts, so the two can not drift apart), in a scratch folder that
 * borrows the project's node_modules. Also a static server for its dist/.
 *
 * Build flags only, and antd's plug-in: the runtime plug-ins (access, model, initialState, layout)
 * are the console's own features, and the layout's alone weighs more than the console's /login.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import productConfig from '../../.umirc';

/** The settings of .umirc.ts that decide how a page is compiled and minified, and antd's plug-in. */
const BUILD_FLAGS = ['hash', 'targets', 'polyfill', 'srcTranspiler', 'esbuildMinifyIIFE', 'jsMinifier', 'helmet', 'antd'] as const;

const FORM_PAGE = `import { Button, Form, Input } from 'antd';

export default function SignIn() {
  return (
    <Form layout="vertical" onFinish={(values) => console.log(values)} style={{ maxWidth: 360, margin: '96px auto' }}>
      <Form.Item name="username" label="用户名" rules={[{ required: true }]}>
        <Input placeholder="用户名" />
      </Form.Item>
      <Form.Item name="password" label="密码" rules={[{ required: true }]}>
        <Input.Password />
      </Form.Item>
      <Button type="primary" htmlType="submit" block>
        登录
      </Button>
    </Form>
  );
}
`;

/** The floor's placeholder, which bench:page fills to call the form usable. */
export const FLOOR_INPUT_PLACEHOLDER = '用户名';

/** Builds the floor; answers its dist/ folder (remove its parent when done). */
export function buildFloor(root: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'console-floor-'));
  const flags = Object.fromEntries(BUILD_FLAGS.filter((flag) => flag in productConfig).map((flag) => [flag, productConfig[flag]]));
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const pinned = (name: string) => manifest.dependencies?.[name] ?? manifest.devDependencies[name];
  fs.writeFileSync(
    path.join(folder, 'package.json'),
    JSON.stringify({
      name: 'console-floor',
      private: true,
      dependencies: Object.fromEntries(['@umijs/max', 'antd', 'react', 'react-dom'].map((name) => [name, pinned(name)])),
    }),
  );
  fs.writeFileSync(
    path.join(folder, '.umirc.ts'),
    `import { defineConfig } from '@umijs/max';\nexport default defineConfig(${JSON.stringify({
      npmClient: 'npm',
      ...flags,
      mfsu: false,
      routes: [{ path: '/', component: 'index', layout: false }],
    })});\n`,
  );
  fs.mkdirSync(path.join(folder, 'src', 'pages'), { recursive: true });
  fs.writeFileSync(path.join(folder, 'src', 'pages', 'index.tsx'), FORM_PAGE);
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(folder, 'node_modules'));
  const build = spawnSync(process.execPath, [path.join(root, 'node_modules', '@umijs', 'max', 'bin', 'max.js'), 'build'], {
    cwd: folder,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) throw new Error('the floor app did not build');
  return path.join(folder, 'dist');
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };

/** Serves `dist` on 127.0.0.1 (index.html for every path that is not a file); answers its URL and a stop. */
export async function serveStatic(dist: string): Promise<{ baseURL: string; stop(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://floor').pathname);
    let file = path.join(dist, pathname);
    if (!file.startsWith(dist) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) file = path.join(dist, 'index.html');
    response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    baseURL: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
