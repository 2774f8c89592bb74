/**
 * Password hashing with scrypt (memory-hard): `scrypt$N$r$p$salt$hash`, salt and hash base64url.
 * New hashes use N=2^17, r=8, p=1 (OWASP's scrypt minimum, 128 MiB, about 0.4 s of one core here);
 * a stored hash with other parameters still verifies and is rehashed at the next successful login.
 */
import { randomBytes, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { pooledScrypt } from './hashPool';

export const SCRYPT_N = 2 ** 17;
export const SCRYPT_R = 8;
export const SCRYPT_P = 1;

/**
 * The cost of new hashes: OWASP's minimum, except in a test run (NODE_ENV=test, which jest and
 * e2e/global-setup.ts set) that asks for less with TEST_SCRYPT_LOG2N (both ask for 2^12: hundreds
 * of logins a run would otherwise spend most of its time hashing). The tests of the hashing itself unset it
 * (tests/server/support/realPasswordCost.ts). Nothing else can lower it.
 */
function costOfNewHashes(): number {
  const log2n = Number(process.env.TEST_SCRYPT_LOG2N);
  if (process.env.NODE_ENV !== 'test' || !Number.isInteger(log2n) || log2n < 10 || log2n > 17) return SCRYPT_N;
  return 2 ** log2n;
}
const N = costOfNewHashes();
/** The cost new hashes are made with in this process (SCRYPT_N outside a test run). */
export const NEW_HASH_N = N;
const R = SCRYPT_R;
const P = SCRYPT_P;
/** Stored hashes above this cost are refused rather than computed (a corrupt row must not eat the memory). */
const MAX_N = 2 ** 20;
const KEY_LENGTH = 32;
const SALT_BYTES = 16;

/** In a slot of the hashing pool (./hashPool.ts), by a low-priority child: a full queue throws `HashingBusy` at once. */
function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return pooledScrypt(password.normalize('NFKC'), salt, keyLength, options);
}

/**
 * OpenSSL needs 128·r·(N + p + 2) bytes (its V and B arrays; Node's default cap of 32 MiB is too
 * small for N=2^17); a MiB of slack on top.
 */
const maxmem = (n: number, r: number, p: number) => 128 * r * (n + p + 2) + 1024 * 1024;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await scrypt(password, salt, KEY_LENGTH, { N, r: R, p: P, maxmem: maxmem(N, R, P) });
  return ['scrypt', N, R, P, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

/** Scrypt verifications made by this process (read by the lockout's concurrency test). */
export const passwordStats = { verifications: 0 };

export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const parts = encoded.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [n, r, p] = parts.slice(1, 4).map(Number);
  if (![n, r, p].every((value) => Number.isSafeInteger(value) && value > 0) || n > MAX_N || r * p > 64) return false;
  const salt = Buffer.from(parts[4], 'base64url');
  const expected = Buffer.from(parts[5], 'base64url');
  if (expected.length === 0) return false;
  passwordStats.verifications += 1;
  const actual = await scrypt(password, salt, expected.length, { N: n, r, p, maxmem: maxmem(n, r, p) });
  return timingSafeEqual(actual, expected);
}

/** Whether a stored hash was made with other parameters than today's (rehash it at the next login). */
export function needsRehash(encoded: string): boolean {
  const parts = encoded.split('$');
  return parts.length !== 6 || parts[0] !== 'scrypt' || Number(parts[1]) !== N || Number(parts[2]) !== R || Number(parts[3]) !== P;
}

/**
 * A well-formed hash with today's parameters that no password matches (random salt and key): login
 * verifies against it when the account does not exist, so that a missing account costs the same
 * scrypt work, and takes the same time, as a wrong password.
 */
export const DUMMY_HASH = [
  'scrypt',
  N,
  R,
  P,
  randomBytes(SALT_BYTES).toString('base64url'),
  randomBytes(KEY_LENGTH).toString('base64url'),
].join('$');

/** A strong random password for the first administrator (24 characters, no look-alikes). */
export function generatePassword(length = 24): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  return randomCode(alphabet, length);
}

/** Uniform random string over `alphabet` (rejection sampling, no modulo bias). */
export function randomCode(alphabet: string, length: number): string {
  const limit = 256 - (256 % alphabet.length);
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < limit) out += alphabet[byte % alphabet.length];
      if (out.length === length) break;
    }
  }
  return out;
}
