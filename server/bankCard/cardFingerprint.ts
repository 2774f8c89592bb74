/**
 * Payout cards are stored as their last four digits plus a keyed fingerprint (HMAC-SHA256 of the
 * full number), so the same card cannot be added twice while the number itself is never kept.
 *
 * The key is `config.cardFingerprintKey`: CARD_FINGERPRINT_KEY, or on the embedded database the key
 * file in DATA_DIR (server/bankCard/cardKey.ts). It never lives in the database, so a copy of the
 * database alone does not allow testing guessed card numbers against the fingerprints. A lost key
 * only weakens the duplicate check of cards added before; it never exposes a number.
 */
import { createHmac } from 'node:crypto';

const BASE64_PREFIX = 'base64:';

/** The bytes of a key as written in CARD_FINGERPRINT_KEY or the key file: `base64:<…>` decoded, anything else as UTF-8 text. */
export function cardKeyBytes(key: string): Buffer {
  return key.startsWith(BASE64_PREFIX) ? Buffer.from(key.slice(BASE64_PREFIX.length), 'base64') : Buffer.from(key, 'utf8');
}

/** A key written in the `base64:` form. */
export const base64CardKey = (bytes: Buffer) => `${BASE64_PREFIX}${bytes.toString('base64')}`;

/** The fingerprint of a card number (digits only), hex. */
export const cardFingerprint = (key: string, digits: string) => createHmac('sha256', cardKeyBytes(key)).update(digits).digest('hex');
