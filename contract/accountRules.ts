/** Account field rules, shared by the console's forms and the server's body schemas (contract/api/account.ts). */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 32;
/** The one username rule: the register and create-account bodies and both forms use it. */
export const USERNAME_PATTERN = '^[A-Za-z0-9_]+$';
/** What a username breaking USERNAME_PATTERN is told. */
export const USERNAME_PATTERN_TEXT = '只能包含字母、数字和下划线';
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;
export const EMAIL_MAX = 254;
export const INVITE_CODE_PATTERN = '^[A-Z0-9]{8}$';

/**
 * A password the server generates (an account created without one, 重置密码 by staff, the first
 * administrator's printed password) works for this long, and only to set a new one (ASVS 6.4.1).
 */
export const ONE_TIME_PASSWORD_HOURS = 24;
/** The calls a session whose password must be changed may still make; every other call is A0212. */
export const PASSWORD_CHANGE_CALLS = ['profile/changePassword', 'account/logout'] as const;
/** What a session may call while its account must enrol a second factor first (every other call: A0216). */
export const ENROLMENT_CALLS = [
  'account/logout',
  'factor/overview',
  'factor/totpBegin',
  'factor/totpConfirm',
  'factor/passkeyBegin',
  'factor/passkeyConfirm',
] as const;
/** An authenticator app's code: six digits. */
export const TOTP_CODE_PATTERN = '^[0-9]{6}$';
/** A recovery code as typed: 24 letters or digits, with any spaces or dashes between them. */
export const RECOVERY_CODE_PATTERN = '^[A-Za-z0-9][A-Za-z0-9 -]*$';
/** How long a sign-in whose password was right waits for its second factor, in seconds. */
export const SECOND_FACTOR_WAIT_SECONDS = 5 * 60;
/** Wrong second factors one sign-in may try before it must start again with the password. */
export const SECOND_FACTOR_TRIES = 5;
/**
 * How long a proof of identity lasts (ASVS 7.5.3): a session whose password was given within this many
 * seconds, at its sign-in or at a step-up (`account/stepUp`), may make the calls marked `stepUp`
 * (moving money, granting access, approving what runs in members' browsers, ending other sessions);
 * later they answer A0214 until the password is given again. `STEP_UP_SECONDS` sets it on a server.
 */
export const DEFAULT_STEP_UP_SECONDS = 5 * 60;
/** Sessions an account holds at once by default (SESSIONS_PER_ACCOUNT, ASVS 7.1.2): a sign-in beyond it ends the least recently used one. */
export const DEFAULT_SESSIONS_PER_ACCOUNT = 10;

/**
 * 忘记密码 (ASVS 6.4.3): the code a reset mail carries, its lifetime, the wrong tries it survives
 * (then it is dead and a new mail is needed) and the mails one account gets an hour at most.
 */
export const RESET_CODE_LENGTH = 8;
/** The code's letters and digits: no 0/O, 1/I, nothing to confuse when typed from a mail. 32 of them: 40 bits. */
export const RESET_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const RESET_CODE_MINUTES = 15;
export const RESET_CODE_TRIES = 5;
export const RESET_MAILS_PER_HOUR = 3;
