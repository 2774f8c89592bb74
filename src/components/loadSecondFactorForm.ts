/**
 * The one `import()` of the forms shown after a right password that needs more: the second factor
 * and the forced enrolment, each its own chunk (few visitors of /login see them).
 */
export const importSecondFactorForm = () => import(/* webpackChunkName: "second-factor" */ './SecondFactorForm');
export const importEnrolmentForm = () => import(/* webpackChunkName: "enrolment" */ './EnrolmentForm');
export const importPasskeySignIn = () => import(/* webpackChunkName: "passkey-sign-in" */ '@/auth/passkeySignIn');
