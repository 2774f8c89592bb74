/** Side-by-side diff of two JSON texts (@codemirror/merge), read-only. Loaded lazily. */
import { json } from '@codemirror/lang-json';
import { MergeView } from '@codemirror/merge';
import { EditorState } from '@codemirror/state';
import { EditorView, lineNumbers } from '@codemirror/view';
import { theme } from 'antd';
import { useEffect, useRef } from 'react';
import { useThemeMode } from '@/workspace/themeMode';
import { codeTheme } from './codeTheme';

export interface JsonDiffProps {
  original: string;
  modified: string;
}

const readOnlyExtensions = [
  lineNumbers(),
  json(),
  EditorView.editable.of(false),
  EditorState.readOnly.of(true),
  EditorView.lineWrapping,
  // @codemirror/merge's collapsed-lines bar.
  EditorState.phrases.of({ '$ unchanged lines': '$ 行未改动' }),
];

export default function JsonDiff({ original, modified }: JsonDiffProps) {
  const parent = useRef<HTMLDivElement>(null);
  const { token } = theme.useToken();
  const mode = useThemeMode();
  useEffect(() => {
    if (!parent.current) return undefined;
    const colours = codeTheme(mode);
    const extensions = colours === 'light' ? readOnlyExtensions : [...readOnlyExtensions, colours];
    const view = new MergeView({
      a: { doc: original, extensions },
      b: { doc: modified, extensions },
      parent: parent.current,
      collapseUnchanged: { margin: 3, minSize: 6 },
    });
    return () => view.destroy();
  }, [original, modified, mode]);
  return (
    <div
      ref={parent}
      data-testid="json-diff"
      style={{ border: `1px solid ${token.colorBorder}`, borderRadius: 6, maxHeight: '60vh', overflow: 'auto' }}
    />
  );
}
