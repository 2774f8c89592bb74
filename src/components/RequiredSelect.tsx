/**
 * antd's Select for a required Form.Item. The item hands its control `aria-required`, and
 * rc-select copies every aria attribute onto its wrapper div, which has no role: axe's
 * aria-allowed-attr (critical). The label's asterisk and the rule's message still say it is
 * required; the attribute is dropped here instead of landing where it is not allowed.
 */
import { Select, type SelectProps } from 'antd';

export default function RequiredSelect<T = unknown>({ 'aria-required': _required, ...props }: SelectProps<T>) {
  return <Select<T> {...props} />;
}
