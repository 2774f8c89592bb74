/**
 * Payout cards are stored as their last four digits plus a keyed fingerprint (HMAC-SHA256 of the
 * full number), so the same card cannot be added twice while the number itself is never kept.
 *
 * The key is `config.cardFingerprintKey` (env CARD_FINGERPRINT_KEY) when set; otherwise a random
 * key generated once into the database (`server_secrets`), so every instance on the same database
 * computes the same fingerprints and the key travels with the data it protects. A lost key only
 * weakens the duplicate check of cards added before; it never exposes a number.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { ServerConfig } from '../config';
import type { Db } from '../db/client';
import { queryOne } from '../db/query';

type Executor = Pick<Db, 'execute'>;

export const FINGERPRINT_SECRET_NAME = 'card-fingerprint-key';

/** The configured key, or the database's (created by whichever instance asks first). */
export async function fingerprintKey(db: Executor, config: Pick<ServerConfig, 'cardFingerprintKey'>): Promise<Buffer> {
  if (config.cardFingerprintKey) return Buffer.from(config.cardFingerprintKey, 'utf8');
  await db.execute(
    sql`insert into server_secrets (name, value) values (${FINGERPRINT_SECRET_NAME}, ${randomBytes(32).toString('base64')})
        on conflict (name) do nothing`,
  );
  const row = await queryOne<{ value: string }>(db, sql`select value from server_secrets where name = ${FINGERPRINT_SECRET_NAME}`);
  return Buffer.from(row!.value, 'base64');
}

/** The fingerprint of a card number (digits only), hex. */
export const cardFingerprint = (key: Buffer, digits: string) => createHmac('sha256', key).update(digits).digest('hex');
