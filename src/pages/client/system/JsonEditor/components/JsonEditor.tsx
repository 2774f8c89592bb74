/**
 * The JSON editor: CodeMirror with JSON highlighting, folding (basic setup), and a lint gutter fed
 * by the same checker the server uses, so the line and column shown here are the server's.
 * Loaded lazily by the script screens only.
 */
import { json } from '@codemirror/lang-json';
import { linter, lintGutter, type Diagnostic } from '@codemirror/lint';
import CodeMirror, { EditorView } from '@uiw/react-codemirror';
import type { ScriptKind } from '#contract/content';
import { scriptDiagnostic } from './scriptLint';
import { CONTENT_TEXT } from '@/locales/zh-CN/content';
import { useThemeMode } from '@/workspace/themeMode';
import { codeTheme } from './codeTheme';
import { theme } from 'antd';
import { useMemo } from 'react';
import { stepPosition } from '#contract/pluginScripts';

/** A remark on a top-level step of the script (from 1): a step that failed the plug-in's runs. */
export interface StepNote {
  index: number;
  message: string;
}

/**
 * JSON syntax, then (for a script of a kind) the step language: one error on the problem's line; and
 * a warning on the line of each step with a note.
 */
const scriptLinter = (kind: ScriptKind | undefined, notes: readonly StepNote[]) =>
  linter(
    (view): Diagnostic[] => {
      const text = view.state.doc.toString();
      const found = scriptDiagnostic(text, kind);
      if (found) return [{ from: found.from, to: found.to, severity: 'error', message: found.message }];
      return notes.flatMap((note): Diagnostic[] => {
        const step = stepPosition(text, note.index);
        if (!step) return [];
        const line = view.state.doc.line(step.line);
        return [{ from: step.offset, to: Math.max(line.to, step.offset + 1), severity: 'warning', message: note.message }];
      });
    },
    { delay: 250 },
  );

const extensionsFor = (kind: ScriptKind | undefined, notes: readonly StepNote[]) => [
  json(),
  scriptLinter(kind, notes),
  lintGutter(),
  EditorView.lineWrapping,
  // The editable area is a contenteditable div: name it for screen readers (axe aria-input-field-name).
  EditorView.contentAttributes.of({ 'aria-label': CONTENT_TEXT.editorLabel }),
];

const NO_NOTES: readonly StepNote[] = [];

export interface JsonEditorProps {
  value: string;
  onChange?: (value: string) => void;
  height?: string;
  readOnly?: boolean;
  /** Checks the step language of this kind of script as well (contract/pluginScripts.ts). */
  kind?: ScriptKind;
  /** Marks these steps' lines (a warning in the gutter): steps that failed the plug-in's runs. */
  stepNotes?: readonly StepNote[];
}

export default function JsonEditor({ value, onChange, height = '480px', readOnly = false, kind, stepNotes = NO_NOTES }: JsonEditorProps) {
  const { token } = theme.useToken();
  // New extensions reconfigure the editor: made again only when the kind or the notes change.
  const notesKey = JSON.stringify(stepNotes);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the notes by their content, not their array's identity
  const extensions = useMemo(() => extensionsFor(kind, stepNotes), [kind, notesKey]);
  return (
    <div data-testid="json-editor" style={{ border: `1px solid ${token.colorBorder}`, borderRadius: 6, overflow: 'hidden' }}>
      <CodeMirror
        theme={codeTheme(useThemeMode())}
        value={value}
        height={height}
        extensions={extensions}
        onChange={onChange}
        readOnly={readOnly}
        editable={!readOnly}
        basicSetup={{ foldGutter: true, highlightActiveLine: !readOnly, autocompletion: false }}
      />
    </div>
  );
}
