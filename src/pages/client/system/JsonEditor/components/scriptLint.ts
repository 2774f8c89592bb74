/**
 * The editor's one diagnostic: JSON syntax first, then (for a script of a kind) the step language
 * (contract/pluginScripts.ts), the same sentence the server answers. Marks from the problem to the
 * end of its line, so the gutter and the underline sit on the step's line.
 */
import type { ScriptKind } from '#contract/content';
import { describeJsonError, findJsonSyntaxError } from '#contract/jsonSyntax';
import { findScriptProblem } from '#contract/pluginScripts';

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
      ? findScriptProblem(kind, text)
      : null;
  if (!problem) return null;
  const from = Math.min(problem.offset, text.length);
  const lineEnd = text.indexOf('\n', from);
  const to = Math.max(lineEnd === -1 ? text.length : lineEnd, Math.min(from + 1, text.length));
  return { from: Math.min(from, to), to, line: problem.line, message: problem.message };
}
