/** Side-by-side diff of two JSON texts (@codemirror/merge), read-only. Loaded lazily. */
import { json } from '@codemirror/lang-json';
import { MergeView } from '@codemirror/merge';
import { EditorState } from '@codemirror/state';
import { EditorView, lineNumbers } from '@codemirror/view';
import { useEffect, useRef } from 'react';

export interface JsonDiffProps {
  original: string;
  modified: string;
}

const readOnlyExtensions = [lineNumbers(), json(), EditorView.editable.of(false), EditorState.readOnly.of(true), EditorView.lineWrapping];

export default function JsonDiff({ original, modified }: JsonDiffProps) {
  const parent = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!parent.current) return undefined;
    const view = new MergeView({
      a: { doc: original, extensions: readOnlyExtensions },
      b: { doc: modified, extensions: readOnlyExtensions },
      parent: parent.current,
      collapseUnchanged: { margin: 3, minSize: 6 },
    });
    return () => view.destroy();
  }, [original, modified]);
  return <div ref={parent} data-testid="json-diff" style={{ border: '1px solid #d9d9d9', borderRadius: 6, maxHeight: '60vh', overflow: 'auto' }} />;
}
