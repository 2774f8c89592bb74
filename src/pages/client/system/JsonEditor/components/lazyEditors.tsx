/** CodeMirror is loaded only when an editor or a diff is first shown. */
import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import type { JsonDiffProps } from './JsonDiff';
import type { JsonEditorProps } from './JsonEditor';

const LazyJsonEditor = lazy(() => import('./JsonEditor'));
const LazyJsonDiff = lazy(() => import('./JsonDiff'));

// antd shows a Spin's tip only around content (it warns about a bare Spin with a tip).
const loading = (
  <Spin tip="正在加载编辑器…">
    <div style={{ height: 120 }} />
  </Spin>
);

export const JsonEditor = (props: JsonEditorProps) => (
  <Suspense fallback={loading}>
    <LazyJsonEditor {...props} />
  </Suspense>
);

export const JsonDiff = (props: JsonDiffProps) => (
  <Suspense fallback={loading}>
    <LazyJsonDiff {...props} />
  </Suspense>
);

/** Pretty-printed with two spaces; the text unchanged when it is not valid JSON. */
export function formatJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
