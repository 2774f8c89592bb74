/**
 * `modalProps` / `drawerProps` for pro-form's ModalForm and DrawerForm: the dialog's content is
 * destroyed when it hides (antd's `destroyOnHidden`; `destroyOnClose` is deprecated since antd 5.25
 * and warns), and the form still starts the next opening from its initial values. pro-form (2.32)
 * resets the form on closing only when it reads `destroyOnClose` in these props, so that one is
 * handed to it non-enumerable: pro-form reads it, while the Modal / Drawer it renders gets a spread
 * copy without it (no deprecation warning).
 */
export function destroyOnHidden<T extends object>(props?: T): T & { destroyOnHidden: true } {
  const result = { ...(props as T), destroyOnHidden: true as const };
  Object.defineProperty(result, 'destroyOnClose', { value: true, enumerable: false });
  return result;
}
