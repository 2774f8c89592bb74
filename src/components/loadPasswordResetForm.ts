/**
 * The one `import()` of /login's 找回密码 (PasswordResetForm): its own chunk, loaded when 忘记密码 is
 * clicked or a reset mail's link is opened, so the page every visitor loads first does not carry it.
 */
export const importPasswordResetForm = () => import(/* webpackChunkName: "password-reset" */ './PasswordResetForm');
