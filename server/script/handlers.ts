/** `script/*`: the plug-in's action and link scripts (script editor grant); the rules live in server/script/. */
import type { CallHandlers } from '../context';
import { scriptHealth, scriptHealthOverview } from './health';
import { approveScript } from './review';
import { promoteScript, rollbackScript } from './rollout';
import {
  createScript,
  getScript,
  getScriptVersion,
  listScripts,
  listVersions,
  renameScript,
  restoreVersion,
  saveScript,
  setScriptEnabled,
} from './scripts';

export const scriptHandlers = {
  'script/list': listScripts,
  'script/get': getScript,
  'script/create': createScript,
  'script/save': saveScript,
  'script/rename': renameScript,
  'script/setEnabled': setScriptEnabled,
  'script/approve': approveScript,
  'script/promote': promoteScript,
  'script/rollback': rollbackScript,
  'script/versions': listVersions,
  'script/version': getScriptVersion,
  'script/restore': restoreVersion,
  'script/health': scriptHealth,
  'script/healthOverview': scriptHealthOverview,
} satisfies Partial<CallHandlers>;
