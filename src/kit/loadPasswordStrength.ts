/** The one `import()` of the password check's chunk (its own module so that unit tests can stand in a require). */
export const importPasswordStrength = () => import(/* webpackChunkName: "password-strength" */ '#contract/passwordStrength');
