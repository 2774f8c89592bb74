/** `script/*`: the plug-in's action and link scripts (script editor grant); the rules live in server/scripts. */
import { defineCall } from '../http/calls';
import {
  createScript,
  listScripts,
  listVersions,
  renameScript,
  restoreVersion,
  saveScript,
  scriptDetail,
  scriptSiteRules,
  setScriptEnabled,
  versionDetail,
} from '../scripts/scripts';
import { approveScript } from '../scripts/review';
import { approverOf } from '../review/approver';

export const scriptCalls = [
  defineCall('script/list', ({ db, body }) => listScripts(db, body)),
  defineCall('script/get', ({ db, body }) => scriptDetail(db, body.id)),
  defineCall('script/create', ({ db, config, body, account, audit }) => createScript(db, account, body, audit, scriptSiteRules(config))),
  defineCall('script/save', ({ db, config, body, account, audit }) => saveScript(db, account, body, audit, scriptSiteRules(config))),
  defineCall('script/rename', ({ db, config, body, account, audit }) => renameScript(db, account, body, audit, scriptSiteRules(config))),
  defineCall('script/setEnabled', ({ db, config, body, account, audit }) =>
    setScriptEnabled(db, account, body, audit, scriptSiteRules(config)),
  ),
  defineCall('script/approve', ({ db, config, body, account, snapshot, audit }) =>
    approveScript(db, approverOf(account, snapshot), body, audit, scriptSiteRules(config)),
  ),
  defineCall('script/versions', ({ db, body }) => listVersions(db, body)),
  defineCall('script/version', ({ db, body }) => versionDetail(db, body.id, body.version)),
  defineCall('script/restore', ({ db, config, body, account, audit }) =>
    restoreVersion(db, account, body.id, body.version, audit, scriptSiteRules(config)),
  ),
];
