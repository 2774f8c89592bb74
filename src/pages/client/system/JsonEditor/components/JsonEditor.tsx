/**
 * The JSON editor: CodeMirror with JSON highlighting, folding (basic setup), and a lint gutter fed
 * by the same checker the server uses, so the line and column shown here are the server's.
 * Loaded lazily by the script screens only.
 */
import { json } from '@codemirror/lang-json';
import { linter, lintGutter, type Diagnostic } from '@codemirror/lint';
import CodeMirror, { EditorView } from '@uiw/react-codemirror';
import { scriptContentProblem } from '#contract/content';
import { findJsonSyntaxError } from '#contract/jsonSyntax';
import { CONTENT_TEXT } from '@/locales/zh-CN/content';

const jsonLinter = linter(
  (view): Diagnostic[] => {
    const text = view.state.doc.toString();
    const problem = scriptContentProblem(text);
    if (!problem) return [];
    const offset = findJsonSyntaxError(text)?.offset ?? 0;
    const to = Math.min(offset + 1, text.length);
    return [{ from: Math.min(offset, to), to, severity: 'error', message: problem }];
  },
  { delay: 250 },
);

const EXTENSIONS = [
  json(),
  jsonLinter,
  lintGutter(),
  EditorView.lineWrapping,
  // The editable area is a contenteditable div: name it for screen readers (axe aria-input-field-name).
  EditorView.contentAttributes.of({ 'aria-label': CONTENT_TEXT.editorLabel }),
];

export interface JsonEditorProps {
  value: string;
  onChange?: (value: string) => void;
  height?: string;
  readOnly?: boolean;
}

export default function JsonEditor({ value, onChange, height = '480px', readOnly = false }: JsonEditorProps) {
  return (
    <div data-testid="json-editor" style={{ border: '1px solid #d9d9d9', borderRadius: 6, overflow: 'hidden' }}>
      <CodeMirror
        value={value}
        height={height}
        extensions={EXTENSIONS}
        onChange={onChange}
        readOnly={readOnly}
        editable={!readOnly}
        basicSetup={{ foldGutter: true, highlightActiveLine: !readOnly, autocompletion: false }}
      />
    </div>
  );
}
