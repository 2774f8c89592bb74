/**
 * Backup and restore (`npm run db:backup` / `db:restore`, scripts/db.ts): one format for both
 * databases, the plain SQL of pg_dump with INSERT statements (`--inserts --no-owner --no-privileges`):
 * schema, data, sequence positions and drizzle's migration journal.
 *
 * - From the embedded database (PGlite in DATA_DIR): PGlite's own pg_dump (@electric-sql/pglite-tools),
 *   run in this process on the folder, which it holds by DATA_DIR/pglite.lock like a server: a
 *   backup while a server runs there is refused (stop it, or back up a PostgreSQL server instead).
 * - From PostgreSQL (DATABASE_URL): the `pg_dump` program (PG_DUMP, or `pg_dump` on the PATH; its
 *   major version at least the server's).
 *
 * A dump restores into an EMPTY database only (no table outside the system schemas), PGlite or
 * PostgreSQL: the whole file in one transaction, so a failed restore leaves the target empty.
 * psql meta-commands (`\restrict` of recent pg_dump versions) are dropped and `SET` lines for
 * settings the target does not know (a PostgreSQL 18 dump's `transaction_timeout` on 15) are
 * skipped.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';
import postgres from 'postgres';
import { ConfigError } from '../config';
import { lockDataDir } from './dataDirLock';

/** A backup or restore refused for a reason the operator can fix (the CLI prints the message, exit 1). */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

export interface DatabaseLocation {
  /** PostgreSQL connection string; when absent, the embedded database in `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
}

export const describeLocation = (location: DatabaseLocation) =>
  location.databaseUrl
    ? `PostgreSQL ${redactUrl(location.databaseUrl)}`
    : `the embedded database in ${path.join(location.dataDir, 'pglite')}`;

function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(DATABASE_URL)';
  }
}

const DUMP_ARGS = ['--inserts', '--no-owner', '--no-privileges'];
const DUMP_MARK = '-- PostgreSQL database dump';

const pgliteFolder = (dataDir: string) => path.join(dataDir, 'pglite');

/** Holds the folder's lock like a server does; a running server makes this a BackupError naming it. */
function lockFolder(dataDir: string, doing: string) {
  try {
    return lockDataDir(dataDir);
  } catch (error) {
    if (error instanceof ConfigError) throw new BackupError(`Cannot ${doing} now.\n${error.message}`);
    throw error;
  }
}

/** Opens the PGlite folder without migrating it (a backup copies it as it is; a restore fills it). */
async function openPglite(dataDir: string, doing: string) {
  const lock = lockFolder(dataDir, doing);
  try {
    const pg = await PGlite.create({ dataDir: pgliteFolder(dataDir), extensions: { pg_trgm } });
    return {
      pg,
      close: async () => {
        try {
          await pg.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

/** The dump of the database at `location`, as SQL text. */
export async function backupDatabase(location: DatabaseLocation): Promise<string> {
  if (location.databaseUrl) return pgDumpProgram(location.databaseUrl);
  const folder = pgliteFolder(location.dataDir);
  if (!fs.existsSync(path.join(folder, 'PG_VERSION')))
    throw new BackupError(`There is no embedded database in ${folder} (DATA_DIR=${location.dataDir}).`);
  const { pg, close } = await openPglite(location.dataDir, 'back up the embedded database');
  try {
    const file = await pgDump({ pg, args: ['--no-owner', '--no-privileges'] });
    return await file.text();
  } finally {
    await close();
  }
}

function pgDumpProgram(databaseUrl: string): Promise<string> {
  const program = process.env.PG_DUMP || 'pg_dump';
  return new Promise((resolve, reject) => {
    execFile(
      program,
      [...DUMP_ARGS, '--dbname', databaseUrl],
      { maxBuffer: 1024 * 1024 * 1024, encoding: 'utf8' },
      (error, stdout, stderr) => {
        if (!error) return resolve(stdout);
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
          return reject(
            new BackupError(
              `${program} was not found. A backup of PostgreSQL uses pg_dump (Debian: apt-get install postgresql-client), ` +
                "of the server's major version or newer; PG_DUMP=/path/to/pg_dump names another one.",
            ),
          );
        }
        reject(new BackupError(`pg_dump failed: ${String(stderr || error.message).trim()}`));
      },
    );
  });
}

/** The dump as the target can replay it: no psql meta-commands, no SET of a setting it lacks. */
export function prepareDump(text: string, knownSettings: ReadonlySet<string>): string {
  if (!text.includes(DUMP_MARK)) throw new BackupError("This file is not a dump made by db:backup (pg_dump's plain SQL).");
  if (/^COPY [^\n]+ FROM stdin;$/m.test(text)) {
    throw new BackupError('This dump holds COPY data: make it with db:backup (or pg_dump --inserts), which both databases can replay.');
  }
  return text
    .split('\n')
    .filter((line) => {
      if (line.startsWith('\\')) return false;
      const set = /^SET ([a-z_.]+) = .*;$/.exec(line);
      return !set || knownSettings.has(set[1]);
    })
    .join('\n');
}

const USER_RELATIONS = `select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
    and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'
  order by 1 limit 5`;

const notEmpty = (names: string[], location: DatabaseLocation) =>
  new BackupError(
    [
      `${describeLocation(location)} is not empty (${names.join(', ')}${names.length === 5 ? ', …' : ''}).`,
      'A dump restores into an empty database only: create a new one (createdb) or point DATA_DIR at a new folder.',
      'To replace a database, drop it (or move its DATA_DIR aside) first, after a backup of it.',
    ].join('\n'),
  );

/** Replays `dump` into the EMPTY database at `location` (one transaction). */
export async function restoreDatabase(location: DatabaseLocation, dump: string): Promise<void> {
  if (location.databaseUrl) {
    const sql = postgres(location.databaseUrl, { max: 1, onnotice: () => {} });
    try {
      const existing = (await sql.unsafe<{ name: string }[]>(USER_RELATIONS)).map((row) => row.name);
      if (existing.length > 0) throw notEmpty(existing, location);
      const settings = new Set((await sql<{ name: string }[]>`select name from pg_settings`).map((row) => row.name));
      const text = prepareDump(dump, settings);
      await sql.begin((tx) => tx.unsafe(text).simple());
    } finally {
      await sql.end({ timeout: 5 });
    }
    return;
  }
  fs.mkdirSync(pgliteFolder(location.dataDir), { recursive: true });
  const { pg, close } = await openPglite(location.dataDir, 'restore into the embedded database');
  try {
    const existing = (await pg.query<{ name: string }>(USER_RELATIONS)).rows.map((row) => row.name);
    if (existing.length > 0) throw notEmpty(existing, location);
    const settings = new Set((await pg.query<{ name: string }>('select name from pg_settings')).rows.map((row) => row.name));
    const text = prepareDump(dump, settings);
    await pg.transaction(async (tx) => {
      await tx.exec(text);
    });
  } finally {
    await close();
  }
}
