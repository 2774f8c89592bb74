/**
 * The ProField components the console build replaces (`.umirc.ts`): ProField imports the component
 * of every value type statically, so each listing screen would load all of them.
 */

/** Value types no screen uses, by ProField's component file name: shown as plain text (stand-ins/proFieldUnused.tsx). */
export const PRO_FIELD_LEFT_OUT = {
  Cascader: { valueType: 'cascader', formField: 'ProFormCascader' },
  ColorPicker: { valueType: 'color', formField: 'ProFormColorPicker' },
  FromNow: { valueType: 'fromNow', formField: null },
  Image: { valueType: 'image', formField: null },
  Progress: { valueType: 'progress', formField: null },
  Rate: { valueType: 'rate', formField: 'ProFormRate' },
  Segmented: { valueType: 'segmented', formField: 'ProFormSegmented' },
  Slider: { valueType: 'slider', formField: 'ProFormSlider' },
  // ProField hands antd's TreeSelect `bordered` and `onDropdownVisibleChange`, both deprecated in
  // antd 5.29 (a warning in development): 菜单管理's parent picker is antd's TreeSelect itself.
  TreeSelect: { valueType: 'treeSelect', formField: 'ProFormTreeSelect' },
} as const;

/** Date and time fields: their pickers load when first needed (stand-ins/proFieldDates). */
export const PRO_FIELD_LAZY = ['DatePicker', 'RangePicker', 'TimePicker'] as const;

/** `./components/<one of names>` as ProField's index imports it. */
export const componentRequest = (names: readonly string[]) => new RegExp(`^\\./components/(${names.join('|')})$`);

/** The module that imports them: ProField's ES entry. */
export const PRO_FIELD_INDEX = /@ant-design[\\/]pro-field[\\/]es[\\/]index\.js$/;
