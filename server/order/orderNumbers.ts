/**
 * Order numbers: readable (the business day first, in BUSINESS_TZ: an order bought at 03:03 on the
 * 23rd in Shanghai is 20261123…) and never guessable (10 random digits after it).
 */
import { randomInt } from 'node:crypto';
import { businessDay } from '../businessTime';

const RANDOM_DIGITS = 10;

export function newOrderNo(timeZone: string, now: Date = new Date()): string {
  return `${businessDay(timeZone, now).replace(/-/g, '')}${String(randomInt(0, 10 ** RANDOM_DIGITS)).padStart(RANDOM_DIGITS, '0')}`;
}
