/** Order numbers: readable (the UTC date first) and never guessable (10 random digits after it). */
import { randomInt } from 'node:crypto';

const RANDOM_DIGITS = 10;

export function newOrderNo(now: Date = new Date()): string {
  const date = now.toISOString().slice(0, 10).replace(/-/g, '');
  return `${date}${String(randomInt(0, 10 ** RANDOM_DIGITS)).padStart(RANDOM_DIGITS, '0')}`;
}
