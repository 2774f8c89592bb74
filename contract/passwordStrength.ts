/**
 * The password policy's strength check (zxcvbn-ts with its common dictionaries: the most used
 * passwords and the diceware word list, and keyboard patterns). One rule on both sides: a new
 * password is refused when its zxcvbn score is below `PASSWORD_MIN_SCORE` (3 of 0–4, "safely
 * unguessable": about 10^8 guesses), which covers every password of the common list
 * (`12345678`, `password1`, `Passw0rd!`) and simple variations of it.
 *
 * The dictionaries weigh about 1 MB: the server imports this module directly, the console only
 * through `import()` when a new-password field is used (src/kit/passwordStrength.ts), so that no
 * page's first load carries them.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MIN_SCORE, strengthLevel, type StrengthLevel } from './passwordRules';

let factory: ZxcvbnFactory | undefined;

function zxcvbn(): ZxcvbnFactory {
  // Levenshtein matching is off: it costs 50–250 ms a check and adds little to the dictionary match.
  factory ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs, useLevenshteinDistance: false });
  return factory;
}

/** The zxcvbn score 0–4; `userInputs` (username, email) count as known words. */
export function passwordScore(password: string, userInputs: readonly string[] = []): number {
  const inputs = userInputs.flatMap((input) => [input, ...input.split(/[@._-]/)]).filter((input) => input.length >= 3);
  return zxcvbn().check(password.slice(0, 64), inputs).score;
}

export interface PasswordStrength {
  score: number;
  level: StrengthLevel;
  /** Whether the policy accepts it as a new password. */
  acceptable: boolean;
}

export function passwordStrength(password: string, userInputs: readonly string[] = []): PasswordStrength {
  const score = passwordScore(password, userInputs);
  return { score, level: strengthLevel(score), acceptable: score >= PASSWORD_MIN_SCORE };
}
