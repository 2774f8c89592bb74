/**
 * Payout cards are stored as their last four digits plus a keyed fingerprint (HMAC-SHA256 of the
 * full number), so the same card cannot be added twice while the number itself is never kept.
 *
 * The key is `config.cardFingerprintKey` (env CARD_FINGERPRINT_KEY) when set; otherwise a random
 * key generated once into `<dataDir>/card-fingerprint.key` (mode 0600). A lost key only weakens the
 * duplicate check of cards added before; it never exposes a number.
 */
import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ServerConfig } from '../config';

export const KEY_FILE_NAME = 'card-fingerprint.key';

const keyFileCache = new Map<string, Buffer>();

function keyFromFile(dataDir: string): Buffer {
  const file = path.join(dataDir, KEY_FILE_NAME);
  const cached = keyFileCache.get(file);
  if (cached) return cached;
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    // 'wx': only the first writer creates it, so two processes starting together agree on one key.
    fs.writeFileSync(file, randomBytes(32).toString('base64'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length < 16) throw new Error(`${file} does not hold a usable key`);
  keyFileCache.set(file, key);
  return key;
}

export function fingerprintKey(config: Pick<ServerConfig, 'cardFingerprintKey' | 'dataDir'>): Buffer {
  return config.cardFingerprintKey ? Buffer.from(config.cardFingerprintKey, 'utf8') : keyFromFile(config.dataDir);
}

/** The fingerprint of a card number (digits only), hex. */
export const cardFingerprint = (key: Buffer, digits: string) => createHmac('sha256', key).update(digits).digest('hex');
