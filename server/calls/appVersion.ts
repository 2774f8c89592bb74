/** `appVersion/*`: plug-in releases and their script bundles (script editor grant); the rules live in server/releases. */
import type { CallHandlers } from '../http/calls';
import { approverOf } from '../review/approver';
import {
  approveRelease,
  bundleOf,
  cancelRequest,
  createRelease,
  deleteRelease,
  listReleases,
  requestStatusChange,
  setBundle,
  updateRelease,
} from '../releases/releases';

export const appVersionHandlers = {
  'appVersion/list': ({ db, body }) => listReleases(db, body),
  'appVersion/create': ({ db, body, account, audit }) => createRelease(db, account.id, body, audit),
  'appVersion/update': ({ db, body, account, audit }) => updateRelease(db, account, body, audit),
  'appVersion/publish': ({ db, body, account, audit }) => requestStatusChange(db, account, body.id, 'publish', audit),
  'appVersion/withdraw': ({ db, body, account, audit }) => requestStatusChange(db, account, body.id, 'withdraw', audit),
  'appVersion/cancelRequest': ({ db, body, audit }) => cancelRequest(db, body.id, audit),
  'appVersion/approve': ({ db, body, account, snapshot, audit }) => approveRelease(db, approverOf(account, snapshot), body, audit),
  'appVersion/delete': ({ db, body, audit }) => deleteRelease(db, body.id, audit),
  'appVersion/bundle': ({ db, body }) => bundleOf(db, body.id),
  'appVersion/setBundle': ({ db, body, audit }) => setBundle(db, body, audit),
} satisfies Partial<CallHandlers>;
