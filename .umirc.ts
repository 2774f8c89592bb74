import { defineConfig } from '@umijs/max';
import routes from './config/routes';
import { CHUNK_LOAD_TIMEOUT_MS, PUBLIC_PATH } from './src/shared/constants';
import { APP_TITLE } from './src/shared/uiText';

export default defineConfig({
  npmClient: 'npm',
  title: APP_TITLE,
  publicPath: PUBLIC_PATH,
  hash: true,
  routes,
  antd: {},
  access: {},
  model: {},
  initialState: {},
  layout: {
    title: APP_TITLE,
    locale: false,
  },
  codeSplitting: { jsStrategy: 'granularChunks' },
  chainWebpack(memo) {
    memo.output.chunkLoadTimeout(CHUNK_LOAD_TIMEOUT_MS);
    return memo;
  },
});
