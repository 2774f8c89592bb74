/**
 * The JSON editor: CodeMirror with JSON highlighting, folding (basic setup), and a lint gutter fed
 * by the same checker the server uses, so the line and column shown here are the server's.
 * Loaded lazily by the script screens only.
 */
import { json } from '@codemirror/lang-json';
import { linter, lintGutter, type Diagnostic } from '@codemirror/lint';
import CodeMirror, { EditorView } from '@uiw/react-codemirror';
import type { ScriptKind } from '#contract/content';
import { describeJsonError, findJsonSyntaxError } from '#contract/jsonSyntax';
import { findScriptProblem } from '#contract/pluginScripts';
import { CONTENT_TEXT } from '@/locales/zh-CN/content';

/** JSON syntax, then (for a script of a kind) the step language: one diagnostic on the problem's line. */
const scriptLinter = (kind?: ScriptKind) =>
  linter(
    (view): Diagnostic[] => {
      const text = view.state.doc.toString();
      const syntax = findJsonSyntaxError(text);
      const problem = syntax ? { offset: syntax.offset, message: describeJsonError(syntax) } : kind ? findScriptProblem(kind, text) : null;
      if (!problem) return [];
      const line = view.state.doc.lineAt(Math.min(problem.offset, text.length));
      const from = Math.min(problem.offset, text.length);
      // The whole rest of the line, so the problem is visible where it is (at least one character).
      const to = Math.max(Math.min(line.to, text.length), Math.min(from + 1, text.length));
      return [{ from, to, severity: 'error', message: problem.message }];
    },
    { delay: 250 },
  );

const extensionsFor = (kind?: ScriptKind) => [
  json(),
  scriptLinter(kind),
  lintGutter(),
  EditorView.lineWrapping,
  // The editable area is a contenteditable div: name it for screen readers (axe aria-input-field-name).
  EditorView.contentAttributes.of({ 'aria-label': CONTENT_TEXT.editorLabel }),
];

const EXTENSIONS = { none: extensionsFor(), action: extensionsFor('action'), url: extensionsFor('url') };

export interface JsonEditorProps {
  value: string;
  onChange?: (value: string) => void;
  height?: string;
  readOnly?: boolean;
  /** Checks the step language of this kind of script as well (contract/pluginScripts.ts). */
  kind?: ScriptKind;
}

export default function JsonEditor({ value, onChange, height = '480px', readOnly = false, kind }: JsonEditorProps) {
  return (
    <div data-testid="json-editor" style={{ border: '1px solid #d9d9d9', borderRadius: 6, overflow: 'hidden' }}>
      <CodeMirror
        value={value}
        height={height}
        extensions={EXTENSIONS[kind ?? 'none']}
        onChange={onChange}
        readOnly={readOnly}
        editable={!readOnly}
        basicSetup={{ foldGutter: true, highlightActiveLine: !readOnly, autocompletion: false }}
      />
    </div>
  );
}
