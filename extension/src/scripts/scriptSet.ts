/**
 * The set of scripts the plug-in runs (what `plugin/scripts` answered last, if it was valid), kept
 * in chrome.storage.local beside the plug-in data, and the choice of the script for a page.
 */
import type { PluginScript } from '#contract/api/plugin';
import {
  matchesPattern,
  scriptSetProblem,
  type ActionScript,
  type LinkScript,
  type ScriptFlow,
  type ScriptLink,
  type ScriptSiteRules,
} from '#contract/pluginScripts';
import type { StoredControls } from '../runControls';

/** Not a plug-in data key (the console can not read or set it); `clean` removes it with the data. */
export const SCRIPT_SET_KEY = 'plugin-script-set';

export interface StoredScriptSet {
  etag: string | null;
  scripts: PluginScript[];
  /** Staff's pauses and pacing served with the scripts (absent in a set an older build kept). */
  controls?: StoredControls;
  fetchedAt: string;
}

export async function readScriptSet(): Promise<StoredScriptSet | null> {
  const stored = await chrome.storage.local.get(SCRIPT_SET_KEY);
  return (stored[SCRIPT_SET_KEY] as StoredScriptSet | undefined) ?? null;
}

export const writeScriptSet = (set: StoredScriptSet) => chrome.storage.local.set({ [SCRIPT_SET_KEY]: set });

/** Why a set answered by the server is refused whole (the previous one is kept), or null; `sites`: the build's (consoleOrigin.ts). */
export const refusedSet = (scripts: readonly PluginScript[], sites: ScriptSiteRules) => scriptSetProblem(scripts, sites);

export interface ScriptChoice {
  link: ScriptLink;
  name: string;
  script: ActionScript;
  /** The action script's id (a failing step is its). */
  scriptId: number;
  /** The link script and the action script at their versions: what the run records it ran. */
  ran: { scriptId: number; version: number }[];
}

function pageHas(doc: Document, selector: string | undefined): boolean {
  if (!selector) return true;
  try {
    return doc.querySelector(selector) !== null;
  } catch {
    return false;
  }
}

/**
 * The action script of the first link (of the enabled link scripts, in the answer's order) whose
 * patterns match `url` and whose `page` selector is on `doc`, for `flow`; null: no script, the
 * built-in adapters decide.
 */
export function chooseScript(scripts: readonly PluginScript[], flow: ScriptFlow, url: string, doc: Document): ScriptChoice | null {
  for (const linkScript of scripts) {
    if (linkScript.kind !== 'url') continue;
    for (const link of (linkScript.content as LinkScript).links) {
      if (link.flow !== flow || !link.match.some((pattern) => matchesPattern(pattern, url)) || !pageHas(doc, link.page)) continue;
      const action = scripts.find((script) => script.kind === 'action' && script.name === link.action);
      if (action) {
        return {
          link,
          name: action.name,
          script: action.content as ActionScript,
          scriptId: action.id,
          ran: [linkScript, action].map((script) => ({ scriptId: script.id, version: script.version })),
        };
      }
    }
  }
  return null;
}
