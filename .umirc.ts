import { defineConfig } from '@umijs/max';
import routes from './config/routes';
import { CHUNK_LOAD_TIMEOUT_MS, PUBLIC_PATH } from './src/shared/constants';
import { APP_TITLE } from './src/shared/uiText';

export default defineConfig({
  npmClient: 'npm',
  title: APP_TITLE,
  publicPath: PUBLIC_PATH,
  favicons: ['/logo.svg'],
  hash: true,
  // The console drives a Chromium extension; evergreen browsers need no polyfills.
  targets: { chrome: 100, edge: 100, firefox: 100, safari: 15 },
  polyfill: false,
  srcTranspiler: 'esbuild',
  // Each minified chunk in its own scope: esbuild's top-level helpers of two async chunks (e.g. the
  // lazily loaded CodeMirror editor) would otherwise collide as globals and fail the build check.
  esbuildMinifyIIFE: true,
  // Route titles are set by the layout and by usePageTitle; no react-helmet in the entry bundle.
  helmet: false,
  alias: {
    qs: require.resolve('./src/utils/qs'),
    'isomorphic-fetch': require.resolve('./src/utils/nativeFetch'),
  },
  routes,
  // mock/api.ts is the mock; mock/support holds its implementation, not more mocks.
  mock: { exclude: ['mock/support/**'] },
  antd: {},
  access: {},
  model: {},
  initialState: {},
  layout: {
    title: APP_TITLE,
    locale: false,
  },
  chainWebpack(memo) {
    memo.output.chunkLoadTimeout(CHUNK_LOAD_TIMEOUT_MS);
    return memo;
  },
});
