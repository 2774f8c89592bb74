/** `script/*`: the plug-in's action and link scripts (script editor grant); the rules live in server/scripts. */
import type { CallHandlers } from '../http/calls';
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

export const scriptHandlers = {
  'script/list': ({ db, body }) => listScripts(db, body),
  'script/get': ({ db, body }) => scriptDetail(db, body.id),
  'script/create': ({ db, config, body, account, audit }) => createScript(db, account, body, audit, scriptSiteRules(config)),
  'script/save': ({ db, config, body, account, audit }) => saveScript(db, account, body, audit, scriptSiteRules(config)),
  'script/rename': ({ db, config, body, account, audit }) => renameScript(db, account, body, audit, scriptSiteRules(config)),
  'script/setEnabled': ({ db, config, body, account, audit }) => setScriptEnabled(db, account, body, audit, scriptSiteRules(config)),
  'script/approve': ({ db, config, body, account, snapshot, audit }) =>
    approveScript(db, approverOf(account, snapshot), body, audit, scriptSiteRules(config)),
  'script/versions': ({ db, body }) => listVersions(db, body),
  'script/version': ({ db, body }) => versionDetail(db, body.id, body.version),
  'script/restore': ({ db, config, body, account, audit }) =>
    restoreVersion(db, account, body.id, body.version, audit, scriptSiteRules(config)),
} satisfies Partial<CallHandlers>;
