/**
 * Where the payout cards' fingerprint key comes from, settled once at start (before the app is built):
 *
 * - `CARD_FINGERPRINT_KEY` when set (required with DATABASE_URL: every instance gets the same one);
 * - otherwise, on the embedded database, the key file `DATA_DIR/card-fingerprint.key` (mode 0600),
 *   created once with a random key, then read at every start.
 *
 * Earlier versions generated the key into the database (`server_secrets`, migration 0005). Such a
 * key is moved out at start: into a key file that does not exist yet (so the cards' fingerprints
 * keep matching), or checked against CARD_FINGERPRINT_KEY / the existing key file; then the row is
 * deleted. A different key is refused unless CARD_FINGERPRINT_KEY_DISCARD_OLD=1, so the server never
 * silently starts fingerprinting cards with a key that no longer matches the stored fingerprints.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { ConfigError, OLD_CARD_KEY_PSQL, type EnvConfig } from '../config';
import type { Executor } from '../db/client';
import { queryOne } from '../db/query';
import { serverSecrets } from '../db/schema';
import { base64CardKey, cardKeyBytes } from './cardFingerprint';

export const CARD_KEY_FILE_NAME = 'card-fingerprint.key';
/** The `server_secrets` row of the key earlier versions kept in the database. */
export const OLD_CARD_KEY_SECRET = 'card-fingerprint-key';

export const cardKeyFile = (dataDir: string) => path.join(dataDir, CARD_KEY_FILE_NAME);

/**
 * Creates `file` holding `content` with mode 0600, atomically and only if it does not exist: the
 * content is written to a new temporary file (flag `wx`), synced, then hard-linked to its name,
 * which fails when another process made the file first. So the file is never seen half written.
 * Answers whether this call created it.
 */
export function createFileExclusively(file: string, content: string): boolean {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const fd = fs.openSync(temporary, 'wx', 0o600);
  try {
    fs.fchmodSync(fd, 0o600);
    fs.writeSync(fd, content);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  try {
    fs.linkSync(temporary, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}

function readKeyFile(file: string): string {
  const key = fs.readFileSync(file, 'utf8').trim();
  if (!key) throw new ConfigError(`${file} is empty. Put the card fingerprint key back into it (see README: CARD_FINGERPRINT_KEY).`);
  return key;
}

export interface KeyFileResult {
  key: string;
  file: string;
  created: boolean;
}

/** The key file's key; a missing file is created with `initial` (or a new random key). */
export function ensureCardKeyFile(dataDir: string, initial?: string): KeyFileResult {
  const file = cardKeyFile(dataDir);
  if (!fs.existsSync(file)) {
    const created = createFileExclusively(file, `${initial ?? base64CardKey(randomBytes(32))}\n`);
    if (created) return { key: readKeyFile(file), file, created: true };
  }
  return { key: readKeyFile(file), file, created: false };
}

/** The base64 key an earlier version kept in the database, if it is still there. */
export async function oldDatabaseKey(db: Executor): Promise<string | undefined> {
  // Raw: a catalogue look-up (the table may be gone), before the table is read.
  const table = await queryOne<{ present: boolean }>(db, sql`select to_regclass('server_secrets') is not null as present`);
  if (!table?.present) return undefined;
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, OLD_CARD_KEY_SECRET));
  return row?.value;
}

export interface SettleOptions {
  db: Executor;
  config: Pick<EnvConfig, 'cardFingerprintKey' | 'databaseUrl' | 'dataDir' | 'discardOldCardFingerprintKey'>;
  /** Where to say what happened (a moved or discarded old key, a new key file). */
  log?: (message: string) => void;
}

export function mismatchMessage(source: string): string {
  return [
    `The card fingerprint key of ${source} differs from the one an earlier version kept in the database (table server_secrets).`,
    'The payout cards added so far were fingerprinted with that key: with another one the same card could be added again.',
    'Either use the old key (it is not printed here); read it with',
    `    ${OLD_CARD_KEY_PSQL}`,
    '  (on the embedded database: delete the key file, and the server moves the old key into it),',
    'or start once with CARD_FINGERPRINT_KEY_DISCARD_OLD=1 to drop the old key: the cards added before are then not',
    'recognised as duplicates any more. See README, "The payout cards\' fingerprint key".',
  ].join('\n');
}

/**
 * Settles the card fingerprint key (see the module comment) and answers it; throws a `ConfigError`
 * for a start that must be refused. Leaves no key in the database.
 */
export async function settleCardFingerprintKey({ db, config, log = () => {} }: SettleOptions): Promise<string> {
  const old = await oldDatabaseKey(db);
  let key: string;
  let source: string;
  if (config.cardFingerprintKey) {
    key = config.cardFingerprintKey;
    source = 'CARD_FINGERPRINT_KEY';
  } else if (config.databaseUrl) {
    // loadConfig refuses this already; kept so that no caller can fall back to a generated key.
    throw new ConfigError('CARD_FINGERPRINT_KEY is required when DATABASE_URL is set.');
  } else {
    const result = ensureCardKeyFile(config.dataDir, old === undefined ? undefined : base64CardKey(Buffer.from(old, 'base64')));
    key = result.key;
    source = result.file;
    const mode = fs.statSync(result.file).mode & 0o777;
    if (mode & 0o077) log(`card fingerprint key: ${result.file} is readable by others (mode ${mode.toString(8)}); chmod 600 it`);
    if (result.created)
      log(`card fingerprint key: created ${result.file}${old === undefined ? '' : ' with the key moved out of the database'}`);
  }
  if (old !== undefined) {
    const same = cardKeyBytes(key).equals(Buffer.from(old, 'base64'));
    if (!same && !config.discardOldCardFingerprintKey) throw new ConfigError(mismatchMessage(source));
    await db.delete(serverSecrets).where(eq(serverSecrets.name, OLD_CARD_KEY_SECRET));
    log(
      same
        ? `card fingerprint key: the key kept in the database is now only in ${source}; removed it from the database`
        : 'card fingerprint key: CARD_FINGERPRINT_KEY_DISCARD_OLD=1: dropped the different key kept in the database; cards added before are not recognised as duplicates any more',
    );
  }
  return key;
}
