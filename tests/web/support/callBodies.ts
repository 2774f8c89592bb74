/**
 * The bodies a screen sent to the mocked `callApi` (a test that mocks '@/services/request' with
 * ./requestMock), for one call path, in the order sent.
 */
import type { CallPath } from '#contract/api';
import { callApi } from '@/services/request';

export const bodiesOf = (path: CallPath) =>
  jest
    .mocked(callApi)
    .mock.calls.map((call) => call as unknown[])
    .filter((call) => call[0] === path)
    .map((call) => call[1] as Record<string, unknown>);
