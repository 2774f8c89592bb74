/** `appVersion/*`: plug-in releases and their script bundles (script editor grant); the rules live in server/appVersion/releases.ts. */
import type { CallHandlers } from '../context';
import {
  approveRelease,
  bundleOf,
  cancelRequest,
  createRelease,
  deleteRelease,
  listReleases,
  requestPublish,
  requestWithdraw,
  setBundle,
  updateRelease,
} from './releases';

export const appVersionHandlers = {
  'appVersion/list': listReleases,
  'appVersion/create': createRelease,
  'appVersion/update': updateRelease,
  'appVersion/publish': requestPublish,
  'appVersion/withdraw': requestWithdraw,
  'appVersion/cancelRequest': cancelRequest,
  'appVersion/approve': approveRelease,
  'appVersion/delete': deleteRelease,
  'appVersion/bundle': bundleOf,
  'appVersion/setBundle': setBundle,
} satisfies Partial<CallHandlers>;
