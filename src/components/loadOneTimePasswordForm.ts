/**
 * The one `import()` of the form shown after a sign-in with a generated password: its own chunk, as
 * few visitors of /login ever see it (and its own module so that unit tests can stand in a require).
 */
export const importOneTimePasswordForm = () => import(/* webpackChunkName: "one-time-password" */ './OneTimePasswordForm');
