/**
 * Recovery codes: RECOVERY_CODE_COUNT single-use codes an account gets with its first second
 * factor, for the day its phone or key is lost. Each has 120 random bits (24 characters of a
 * 32-letter alphabet without 0/O, 1/I), so a SHA-256 of it is safe to store (ASVS 6.5.2 asks a
 * slow hash only of secrets under 112 bits); the hash is salted with the account's id.
 */
import { createHash, randomInt } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { RECOVERY_CODE_COUNT } from '#contract/api/factor';
import type { Executor } from '../db/client';
import { recoveryCodes } from '../db/schema';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const LENGTH = 24;
const GROUP = 4;

/** A new code, in groups of four: `7KQ2-M9XA-…`. */
export function newRecoveryCode(): string {
  const characters = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return characters.join('').replace(new RegExp(`(.{${GROUP}})(?!$)`, 'g'), '$1-');
}

/** The code as stored: upper case, without spaces and dashes, hashed with the account's id. */
export const recoveryCodeHash = (accountId: number, typed: string): string =>
  createHash('sha256')
    .update(`${accountId}:${typed.toUpperCase().replace(/[\s-]/g, '')}`)
    .digest('hex');

/** Replaces the account's codes with RECOVERY_CODE_COUNT new ones; answers them (shown once, never stored). */
export async function replaceRecoveryCodes(tx: Executor, accountId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.accountId, accountId));
  await tx.insert(recoveryCodes).values(codes.map((code) => ({ accountId, codeHash: recoveryCodeHash(accountId, code) })));
  return codes;
}

/** Takes one unused code of the account, once (an update that only one of two racing uses wins). */
export async function spendRecoveryCode(db: Executor, accountId: number, typed: string): Promise<boolean> {
  const spent = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(recoveryCodes.accountId, accountId),
        eq(recoveryCodes.codeHash, recoveryCodeHash(accountId, typed)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return spent.length > 0;
}
