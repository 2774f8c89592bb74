/** A form whose submit call shows an A0400 refusal on the field it names (see `submitWithFieldErrors`). */
import { Form } from 'antd';
import { withFieldErrors } from '@/services/request';

/** `form` for the form's `form` prop; `wrap(onFinish)` for its `onFinish`. */
export function useFieldErrors() {
  const [form] = Form.useForm();
  return { form, wrap: <V, T>(onFinish: (values: V) => Promise<T>) => withFieldErrors(form, onFinish) };
}
