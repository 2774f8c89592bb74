/**
 * The password policy in the console: the strength check lives in a chunk of its own (zxcvbn and
 * its dictionaries, about 1 MB) fetched with `import()` the first time a new-password field is
 * typed in, so that no page's first load (the login page's budget) carries it.
 */
import { PASSWORD_MIN } from '#contract/accountRules';
import type { PasswordStrength } from '#contract/passwordStrength';
import { PASSWORD_TEXT } from '@/locales/zh-CN/account';
import { importPasswordStrength } from './loadPasswordStrength';

type StrengthModule = typeof import('#contract/passwordStrength');

let loading: Promise<StrengthModule> | undefined;

export function loadPasswordStrength(): Promise<StrengthModule> {
  loading ??= importPasswordStrength().catch((error) => {
    loading = undefined; // let a later keystroke try again
    throw error;
  });
  return loading;
}

export async function checkPasswordStrength(password: string, userInputs: readonly string[] = []): Promise<PasswordStrength> {
  const { passwordStrength } = await loadPasswordStrength();
  return passwordStrength(password, userInputs);
}

/**
 * A form rule refusing, before sending, what the server would refuse: a new password below the
 * policy's strength. When the check can not be loaded (network), the server still has the last word.
 */
export const strongPasswordRule = (userInputs: () => readonly (string | undefined)[] = () => []) => ({
  async validator(_rule: unknown, value: unknown) {
    if (typeof value !== 'string' || value.length < PASSWORD_MIN) return;
    let strength: PasswordStrength;
    try {
      strength = await checkPasswordStrength(
        value,
        userInputs().filter((input): input is string => Boolean(input)),
      );
    } catch {
      return;
    }
    if (!strength.acceptable) throw new Error(PASSWORD_TEXT.tooWeak);
  },
});
