import path from 'node:path';
import { defineConfig } from '@umijs/max';
import routes from './config/routes';
import { CHUNK_LOAD_TIMEOUT_MS, PUBLIC_PATH } from '#contract/constants';
import { APP_DESCRIPTION, APP_TITLE } from '#contract/text/routes';
import { MOCK_CONFIG } from './config/mock';
import { ChunkGroupsManifestPlugin } from './config/chunkGroups';
import { THEME_BOOT_SCRIPT } from './src/workspace/themeBoot';
import { componentRequest, PRO_FIELD_INDEX, PRO_FIELD_LAZY, PRO_FIELD_LEFT_OUT } from './config/proField';

export default defineConfig({
  npmClient: 'npm',
  title: APP_TITLE,
  publicPath: PUBLIC_PATH,
  favicons: ['/logo.svg'],
  // Umi's default viewport forbids zooming (user-scalable=no, maximum-scale=1.0); people who need
  // larger text must be able to pinch (WCAG 1.4.4).
  metas: [
    { name: 'viewport', content: 'width=device-width, initial-scale=1' },
    { name: 'description', content: APP_DESCRIPTION },
  ],
  // The first paint already in the kept theme (no flash of the light page on a reload): a few
  // lines in the head, before the stylesheets and the console's scripts. The server's CSP allows
  // this inline script by its sha256 (server/http/securityHeaders.ts reads it from index.html).
  headScripts: [{ content: THEME_BOOT_SCRIPT }],
  // <html lang> (umi's template has none); `max dev` listens on HOST only (default 127.0.0.1); the
  // mock endpoints get a JSON body's own bytes (umi's mock middleware drops a parse error).
  plugins: ['./config/htmlLang.ts', './config/devHost.ts', './config/mockJsonBody.ts'],
  hash: true,
  // The console drives a Chromium extension; evergreen browsers need no polyfills.
  targets: { chrome: 100, edge: 100, firefox: 100, safari: 15 },
  polyfill: false,
  srcTranspiler: 'esbuild',
  // Minified chunks each keep their esbuild helpers in their own scope (else umi's build refuses
  // two chunks declaring the same helper name, as the pro-components screens do).
  esbuildMinifyIIFE: true,
  // terser packs the chunks 8–12 % smaller than esbuild's minifier (the chart chunk 185 against
  // 209 KB gzip, /login's JavaScript likewise): a slower build for every visitor's download.
  jsMinifier: 'terser',
  // Route titles are set by the layout and by usePageTitle; no react-helmet in the entry bundle.
  helmet: false,
  alias: {
    'isomorphic-fetch': require.resolve('./stand-ins/nativeFetch'),
  },
  routes,
  // `#contract/…` is the project's own code (package.json "imports"), not a package to pre-bundle.
  mfsu: { exclude: [/^#contract\//] },
  // mock/api.ts is the mock; mock/support holds its implementation, not more mocks.
  mock: MOCK_CONFIG,
  antd: {},
  access: {},
  model: {},
  initialState: {},
  layout: {
    title: APP_TITLE,
    locale: false,
  },
  chainWebpack(memo, { webpack, env }) {
    memo.output.chunkLoadTimeout(CHUNK_LOAD_TIMEOUT_MS);
    // Umi provides Node's Buffer to any module that names it. Only zrender (echarts) does, behind a
    // `typeof Buffer` check that falls back to the browser's own code: the polyfill was 7 KB gzip of
    // the chart chunk for nothing.
    memo.plugin('node-polyfill-provider').tap(([provided]) => {
      const { Buffer: _buffer, ...rest } = provided as Record<string, unknown>;
      return [rest];
    });
    // `max dev`: MFSU's remote entry uses top-level await, and webpack warned in the browser's
    // console that the targets might lack async/await; every target has it (Chrome 100+).
    if (env === 'development') memo.output.merge({ environment: { asyncFunction: true } });
    // What each page loads, for the page-weight budgets `npm run build` checks (scripts/bundle-check.mjs).
    if (env === 'production') memo.plugin('chunk-groups-manifest').use(ChunkGroupsManifestPlugin);
    // umi-request's `qs` is the small URLSearchParams one (see the file); anything else keeps the real `qs`.
    memo.plugin('umi-request-qs').use(webpack.NormalModuleReplacementPlugin, [
      /^qs$/,
      (resource: { request: string; contextInfo?: { issuer?: string } }) => {
        if (/[\\/]umi-request[\\/]/.test(resource.contextInfo?.issuer ?? '')) resource.request = path.resolve(__dirname, 'stand-ins/qs.ts');
      },
    ]);
    // CONSOLE_PLAIN_BUILD=1 builds without the module substitutions below, for bench:page's
    // comparison (BENCH_COMPARE_PLAIN=1).
    if (process.env.CONSOLE_PLAIN_BUILD === '1') return memo;
    // antd's button style and tooltip need only a colour's RGB from the colour picker; see the file.
    memo.plugin('antd-button-brightness').use(webpack.NormalModuleReplacementPlugin, [
      /color-picker[\\/](components[\\/]ColorPresets|color|util)$/,
      (resource: { request: string; contextInfo?: { issuer?: string } }) => {
        if (/antd[\\/]es[\\/](button[\\/]style[\\/]token|tooltip[\\/]util)/.test(resource.contextInfo?.issuer ?? '')) {
          resource.request = path.resolve(__dirname, 'stand-ins/antdButtonBrightness.ts');
        }
      },
    ]);
    // ProField's value types no screen uses stay out of the listing screens' chunk, and its date
    // fields load their pickers when first needed (config/proField.ts).
    memo.plugin('pro-field-components').use(webpack.NormalModuleReplacementPlugin, [
      componentRequest([...Object.keys(PRO_FIELD_LEFT_OUT), ...PRO_FIELD_LAZY]),
      (resource: { request: string; contextInfo?: { issuer?: string } }) => {
        if (!PRO_FIELD_INDEX.test(resource.contextInfo?.issuer ?? '')) return;
        const name = path.basename(resource.request);
        resource.request =
          name in PRO_FIELD_LEFT_OUT
            ? path.resolve(__dirname, 'stand-ins/proFieldUnused.tsx')
            : path.resolve(__dirname, 'stand-ins/proFieldDates', name);
      },
    ]);
    return memo;
  },
});
