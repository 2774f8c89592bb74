/** ProField's date range fields, loaded lazily (see lazyField.tsx). */
import { lazyField } from './lazyField';

export default lazyField(() => import('@ant-design/pro-field/es/components/RangePicker'), 'FieldRangePicker');
