/** The server's half of the password policy: a new password must pass the shared strength check. */
import { passwordStrength } from '#contract/passwordStrength';
import { PASSWORD_TEXT } from '#contract/passwordRules';
import { badParameter } from '../refusal';

/**
 * Refuses (A0400, `content.field` = `field`) a new password whose zxcvbn score is below 3: the
 * common passwords and their simple variations, or one built from the username or email.
 */
export function assertStrongPassword(field: string, password: string, userInputs: readonly string[] = []): void {
  if (!passwordStrength(password, userInputs).acceptable) throw badParameter(field, PASSWORD_TEXT.tooWeak);
}
