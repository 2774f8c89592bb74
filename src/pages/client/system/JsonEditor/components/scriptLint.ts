/**
 * The editor's one diagnostic: JSON syntax first, then (for a script of a kind) the step language
 * (contract/pluginScripts.ts), the same sentence the server answers. Marks from the problem to the
 * end of its line, so the gutter and the underline sit on the step's line.
 */
import type { ScriptKind } from '#contract/content';
import { describeJsonError, findJsonSyntaxError } from '#contract/jsonSyntax';
import { findScriptProblem, type ScriptSiteRules } from '#contract/pluginScripts';

/**
 * The sandbox's sites as the editor checks them (contract/scriptSandbox.ts): the local test pages
 * included, which only a demo server accepts. Every other rule is the server's own, so a script the
 * editor passes is refused only for a test page, by a production server, in the same words.
 */
export const EDITOR_SITE_RULES: ScriptSiteRules = { testSites: true };

export interface ScriptDiagnostic {
  from: number;
  to: number;
  line: number;
  message: string;
}

export function scriptDiagnostic(text: string, kind?: ScriptKind): ScriptDiagnostic | null {
  const syntax = findJsonSyntaxError(text);
  const problem = syntax
    ? { offset: syntax.offset, line: syntax.line, message: describeJsonError(syntax) }
    : kind
      ? findScriptProblem(kind, text, EDITOR_SITE_RULES)
      : null;
  if (!problem) return null;
  const from = Math.min(problem.offset, text.length);
  const lineEnd = text.indexOf('\n', from);
  const to = Math.max(lineEnd === -1 ? text.length : lineEnd, Math.min(from + 1, text.length));
  return { from: Math.min(from, to), to, line: problem.line, message: problem.message };
}
