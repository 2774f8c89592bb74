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

/** JSON syntax, then (for a script of a kind) the step language: one diagnostic on the problem's line. */
const scriptLinter = (kind?: ScriptKind) =>
  linter(
    (view): Diagnostic[] => {
      const found = scriptDiagnostic(view.state.doc.toString(), kind);
      return found ? [{ from: found.from, to: found.to, severity: 'error', message: found.message }] : [];
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
  const { token } = theme.useToken();
  return (
    <div data-testid="json-editor" style={{ border: `1px solid ${token.colorBorder}`, borderRadius: 6, overflow: 'hidden' }}>
      <CodeMirror
        theme={codeTheme(useThemeMode())}
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
