/** Account field rules, shared by the console's forms and the server's body schemas. */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 32;
export const USERNAME_PATTERN = '^[A-Za-z0-9_]+$';
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;
export const EMAIL_MAX = 254;
export const INVITE_CODE_PATTERN = '^[A-Z0-9]{8}$';
