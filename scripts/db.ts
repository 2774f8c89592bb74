/**
 * `npm run db:backup -- <file>`: dumps the configured database (DATABASE_URL, else the embedded one
 * in DATA_DIR) into <file> (plain SQL, mode 0600: it holds password hashes and sessions).
 * `npm run db:restore -- <file>`: replays such a dump into the configured database, which must be
 * empty. See server/db/backup.ts and the README.
 */
import fs from 'node:fs';
import path from 'node:path';
import { BackupError, backupDatabase, describeLocation, restoreDatabase, type DatabaseLocation } from '../server/db/backup';
import { CARD_KEY_FILE_NAME } from '../server/bankCard/cardKey';

const root = path.resolve(__dirname, '..');

function location(env: NodeJS.ProcessEnv = process.env): DatabaseLocation {
  return {
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR ?? path.join(root, 'data')),
  };
}

const USAGE = 'usage: npm run db:backup -- <file.sql>  |  npm run db:restore -- <file.sql>';

async function main(argv: string[]) {
  const [command, file, ...rest] = argv;
  if (!file || rest.length > 0 || (command !== 'backup' && command !== 'restore')) {
    console.error(USAGE);
    return 2;
  }
  const where = location();
  const target = path.resolve(file);
  if (command === 'backup') {
    console.log(`[db:backup] dumping ${describeLocation(where)}…`);
    const dump = await backupDatabase(where);
    // Written whole beside the target, then moved into place: never a half-written backup.
    const partial = `${target}.partial`;
    fs.writeFileSync(partial, dump, { mode: 0o600 });
    fs.renameSync(partial, target);
    console.log(`[db:backup] ${target} (${(Buffer.byteLength(dump) / 1024).toFixed(0)} KiB)`);
    if (!where.databaseUrl) {
      console.log(`[db:backup] keep ${path.join(where.dataDir, CARD_KEY_FILE_NAME)} with it: the payout cards' key is not in the dump.`);
    }
    return 0;
  }
  if (!fs.existsSync(target)) throw new BackupError(`${target} does not exist.`);
  console.log(`[db:restore] restoring ${target} into ${describeLocation(where)}…`);
  await restoreDatabase(where, fs.readFileSync(target, 'utf8'));
  console.log('[db:restore] done.');
  console.log(
    where.databaseUrl
      ? `[db:restore] start the instances with the source's card key: CARD_FINGERPRINT_KEY (from an embedded database: the contents of its DATA_DIR/${CARD_KEY_FILE_NAME}).`
      : `[db:restore] put the source's card key into ${path.join(where.dataDir, CARD_KEY_FILE_NAME)} (or set CARD_FINGERPRINT_KEY) before the first start.`,
  );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    if (error instanceof BackupError) {
      console.error(`\n[db] ${error.message}\n`);
      process.exit(1);
    }
    console.error(error);
    process.exit(1);
  },
);
