/** ProField's `date` / `dateTime` / … field: read mode formatted here, edit mode loaded lazily (see lazyField.tsx). */
import { forwardRef } from 'react';
import dayjs from '@/kit/dayjs';
import { lazyField, type DateFieldProps, type FieldProps } from './lazyField';

const Picker = lazyField(() => import('@ant-design/pro-field/es/components/DatePicker'), 'FieldDatePicker');

/** ProField's own `formatDate`: '-' for no value, the first format of a list, YYYY-MM-DD by default. */
function formatDate(text: unknown, format: DateFieldProps['format']): string {
  if (!text) return '-';
  const value = dayjs(text as string);
  if (typeof format === 'function') return format(value);
  return value.format((Array.isArray(format) ? format[0] : format) || 'YYYY-MM-DD');
}

const FieldDatePicker = forwardRef<unknown, FieldProps>(function FieldDatePicker(props, ref) {
  const { text, mode, format, render, fieldProps = {} }: DateFieldProps = props;
  if (mode !== 'read') return <Picker {...props} ref={ref} />;
  const dom = <>{formatDate(text, (fieldProps.format as DateFieldProps['format']) || format)}</>;
  return <>{render ? render(text, { mode, ...fieldProps }, dom) : dom}</>;
});

export default FieldDatePicker;
