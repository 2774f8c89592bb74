/**
 * The password policy's light half (no dictionaries), shared by the console's forms and the server:
 * the minimum zxcvbn score and the levels shown under a new-password field. The check itself is in
 * ./passwordStrength (heavy: loaded lazily in the browser).
 */
import { PASSWORD_TEXT } from './uiText';

/** A new password needs a zxcvbn score of at least 3 (of 0–4). */
export const PASSWORD_MIN_SCORE = 3;

export type StrengthLevel = 'weak' | 'medium' | 'strong';

/** Scores 0–2 are 弱 (refused), 3 中, 4 强. */
export const strengthLevel = (score: number): StrengthLevel =>
  score >= 4 ? 'strong' : score >= PASSWORD_MIN_SCORE ? 'medium' : 'weak';

export const STRENGTH_LABELS: Record<StrengthLevel, string> = {
  weak: PASSWORD_TEXT.weak,
  medium: PASSWORD_TEXT.medium,
  strong: PASSWORD_TEXT.strong,
};
