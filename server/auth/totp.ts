/**
 * Authenticator apps (TOTP, RFC 6238, with the otpauth library): SHA-1, 6 digits, 30-second steps,
 * the parameters every app reads from a QR code. A code is accepted within one step either side of
 * now, and once: the caller keeps the step of the last code taken (`account_factors.last_used_step`)
 * and accepts only a later one.
 */
import { Secret, TOTP } from 'otpauth';

const PERIOD_SECONDS = 30;
const DIGITS = 6;
/** Steps either side of now whose codes are still taken: a phone's clock a little off, a code typed slowly. */
const WINDOW = 1;

const totpOf = (secret: string, label = '', issuer = '') =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: DIGITS, period: PERIOD_SECONDS, algorithm: 'SHA1', label, issuer });

/** A new shared secret: 160 random bits (RFC 4226's recommendation), base32. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The `otpauth://` address of `secret` for `accountName`, as a QR code gives it to the app. */
export const totpUri = (secret: string, accountName: string, issuer: string): string => totpOf(secret, accountName, issuer).toString();

/** The time step `code` belongs to when it is right within the window around `now`; null when it is not. */
export function totpStepOf(secret: string, code: string, now = Date.now()): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}

/** The code of `secret` at `time` (tests, and the dev mock's demo). */
export const totpCodeAt = (secret: string, time = Date.now()): string => totpOf(secret).generate({ timestamp: time });
