/** `appVersion/*`: plug-in releases and their script bundles (script editor grant); the rules live in server/releases. */
import { defineCall } from '../http/calls';
import { bundleOf, changeReleaseStatus, createRelease, deleteRelease, listReleases, setBundle, updateRelease } from '../releases/releases';

export const appVersionCalls = [
  defineCall('appVersion/list', ({ db, body }) => listReleases(db, body)),
  defineCall('appVersion/create', ({ db, body, account, audit }) => createRelease(db, account.id, body, audit)),
  defineCall('appVersion/update', ({ db, body, audit }) => updateRelease(db, body, audit)),
  defineCall('appVersion/publish', ({ db, body, account, audit }) => changeReleaseStatus(db, account.id, body.id, 'publish', audit)),
  defineCall('appVersion/withdraw', ({ db, body, account, audit }) => changeReleaseStatus(db, account.id, body.id, 'withdraw', audit)),
  defineCall('appVersion/delete', ({ db, body, audit }) => deleteRelease(db, body.id, audit)),
  defineCall('appVersion/bundle', ({ db, body }) => bundleOf(db, body.id)),
  defineCall('appVersion/setBundle', ({ db, body, audit }) => setBundle(db, body, audit)),
];
