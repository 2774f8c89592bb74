/**
 * `max dev` with the mock endpoints: a JSON body reaches the mock as the bytes the browser sent
 * (mock/support/jsonBody.ts), in front of umi's mock middleware, which would parse it and drop a
 * parse error. Only while umi's mock feature is on (`MOCK=none` proxies or serves nothing to mock).
 */
import type { IApi } from '@umijs/max';
import { keepJsonBody } from '../mock/support/jsonBody';

export default (api: IApi) => {
  api.addBeforeMiddlewares({
    // umi's mock feature is the plugin keyed `mock`; its middleware must come after this one.
    before: 'mock',
    fn: () => (api.isPluginEnable('mock') ? [keepJsonBody] : []),
  });
};
