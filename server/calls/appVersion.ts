/** `appVersion/*`: plug-in releases and their script bundles (script editor grant); the rules live in server/releases. */
import { defineCall } from '../http/calls';
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

export const appVersionCalls = [
  defineCall('appVersion/list', ({ db, body }) => listReleases(db, body)),
  defineCall('appVersion/create', ({ db, body, account, audit }) => createRelease(db, account.id, body, audit)),
  defineCall('appVersion/update', ({ db, body, account, audit }) => updateRelease(db, account, body, audit)),
  defineCall('appVersion/publish', ({ db, body, account, audit }) => requestStatusChange(db, account, body.id, 'publish', audit)),
  defineCall('appVersion/withdraw', ({ db, body, account, audit }) => requestStatusChange(db, account, body.id, 'withdraw', audit)),
  defineCall('appVersion/cancelRequest', ({ db, body, audit }) => cancelRequest(db, body.id, audit)),
  defineCall('appVersion/approve', ({ db, body, account, snapshot, audit }) =>
    approveRelease(db, approverOf(account, snapshot), body, audit),
  ),
  defineCall('appVersion/delete', ({ db, body, audit }) => deleteRelease(db, body.id, audit)),
  defineCall('appVersion/bundle', ({ db, body }) => bundleOf(db, body.id)),
  defineCall('appVersion/setBundle', ({ db, body, audit }) => setBundle(db, body, audit)),
];
