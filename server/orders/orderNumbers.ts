/**
 * Order numbers: readable (the business day first, in BUSINESS_TZ: an order bought at 03:03 on the
 * 23rd in Shanghai is 20261123…) and never guessable (10 random digits after it).
 */
import { randomInt } from 'node:crypto';

const RANDOM_DIGITS = 10;

/** `YYYYMMDD` of `now` in `timeZone`. */
export function businessDate(now: Date, timeZone: string): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now).replace(/-/g, '');
}

export function newOrderNo(timeZone: string, now: Date = new Date()): string {
  return `${businessDate(now, timeZone)}${String(randomInt(0, 10 ** RANDOM_DIGITS)).padStart(RANDOM_DIGITS, '0')}`;
}
