/**
 * The password policy's light half (no dictionaries), shared by the console's forms and the server:
 * the minimum zxcvbn score and the levels. The check itself is in ./passwordStrength (heavy: loaded
 * lazily in the browser). The level labels are the console's (src/locales/zh-CN/account.ts).
 */

/** A new password needs a zxcvbn score of at least 3 (of 0–4). */
export const PASSWORD_MIN_SCORE = 3;

export type StrengthLevel = 'weak' | 'medium' | 'strong';

/** Scores 0–2 are 弱 (refused), 3 中, 4 强. */
export const strengthLevel = (score: number): StrengthLevel => (score >= 4 ? 'strong' : score >= PASSWORD_MIN_SCORE ? 'medium' : 'weak');

/**
 * Stays in contract: the server refuses a weak password with this sentence
 * (server/auth/passwordPolicy.ts) and the console's forms show the same one before sending.
 */
export const PASSWORD_TEXT = {
  /** A new password below the policy's strength (zxcvbn score < 3), in the forms and from the server. */
  tooWeak: '密码太常见或太容易被猜到，请使用更长、更不规则的密码',
} as const;
