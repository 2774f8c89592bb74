/** ProField's time fields, loaded lazily (see lazyField.tsx). */
import { lazyField } from './lazyField';

export default lazyField(() => import('@ant-design/pro-field/es/components/TimePicker'), 'FieldTimePicker');
export const FieldTimeRangePicker = lazyField(
  () => import('@ant-design/pro-field/es/components/TimePicker').then((module) => ({ default: module.FieldTimeRangePicker })),
  'FieldTimeRangePicker',
);
