/** `appVersion/*`: plug-in releases and their script bundles (script editor grant); the rules live in server/releases. */
import type { CallHandlers } from '../http/calls';
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
} from '../releases/releases';

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
