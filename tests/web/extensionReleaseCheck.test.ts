/** The reference extension's stored release check: only a check made by this very version counts. */
import { currentCheck, type StoredReleaseCheck } from '../../extension/src/releaseCheck';

const answer = { latest: null, supported: true, updateAvailable: false };
const check = (version: string): StoredReleaseCheck => ({ version, etag: '"x"', answer, checkedAt: '2026-11-25T08:00:00.000Z' });

beforeAll(() => {
  (globalThis as { chrome?: unknown }).chrome = { runtime: { getManifest: () => ({ version: '1.0.0' }) } };
});
afterAll(() => {
  delete (globalThis as { chrome?: unknown }).chrome;
});

it("keeps a check of the plug-in's own version, and drops one an earlier version made (before an update) or none", () => {
  expect(currentCheck(check('1.0.0'))).toEqual(check('1.0.0'));
  expect(currentCheck(check('0.9.0'))).toBeNull();
  expect(currentCheck(undefined)).toBeNull();
});
