/**
 * ProField's date and time value types, loaded when first needed (see `.umirc.ts`): ProField
 * imports every value type's component statically, so every listing screen would otherwise load
 * antd's date pickers (rc-picker, ~45 KB gzip) whether or not it has a date field to edit. A date
 * shown in a table (read mode) is formatted here without the picker, as ProField formats it.
 */
import { forwardRef, lazy, Suspense, type ComponentType, type ReactNode } from 'react';

export interface DateFieldProps {
  text?: unknown;
  mode?: 'read' | 'edit' | 'update';
  format?: string | string[] | ((value: unknown) => string);
  render?: (text: unknown, props: object, dom: ReactNode) => ReactNode;
  fieldProps?: Record<string, unknown>;
}

/** ProField hands a field more props than these (label, light, picker…): passed on as they are. */
export type FieldProps = DateFieldProps & Record<string, unknown>;

type Loader = () => Promise<{ default: ComponentType<any> }>;

/** A field that renders `loader`'s component, a plain placeholder of its size while it loads. */
export function lazyField(loader: Loader, displayName: string) {
  const Real = lazy(loader);
  const Field = forwardRef<unknown, FieldProps>(function LazyField(props, ref) {
    return (
      <Suspense fallback={<span>{props.mode === 'read' ? '' : '…'}</span>}>
        <Real {...props} ref={ref} />
      </Suspense>
    );
  });
  Field.displayName = displayName;
  return Field;
}
