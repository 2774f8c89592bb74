/**
 * Stands in for the ProField value types no screen uses (config/proField.ts, checked by
 * tests/web/proField.test.ts). ProField imports every value type's component statically, so any
 * ProTable or ProForm would bring antd's colour picker, cascader, slider, image and progress into
 * the chunk every listing screen loads (bench:page, BENCH_COMPARE_PLAIN=1, measures the difference).
 * A column given one of these value types shows its value as text and says so in the console.
 */
import { forwardRef, type ReactNode } from 'react';

interface FieldProps {
  text?: unknown;
  mode?: 'read' | 'edit' | 'update';
  render?: (text: unknown, props: object, dom: ReactNode) => ReactNode;
}

/** The value as text: a primitive written out, anything else (an array, an object) as JSON. */
const asText = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint'
    ? String(value)
    : JSON.stringify(value);

const UnusedField = forwardRef<HTMLSpanElement, FieldProps>(function UnusedField({ text, mode, render }, ref) {
  console.error('ProField: this value type is left out of the console build (stand-ins/proFieldUnused.tsx)');
  const dom = <span ref={ref}>{text === undefined || text === null ? '-' : asText(text)}</span>;
  if (mode === 'read' && render) return <>{render(text, { mode }, dom)}</>;
  return dom;
});

export default UnusedField;
