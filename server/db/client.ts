/** Opens the database: embedded PGlite in `dataDir`, or a PostgreSQL server at `databaseUrl`. */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import postgres from 'postgres';
import { lockDataDir, type DataDirLock } from './dataDirLock';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** What runs a statement: the database or a transaction (`db.transaction`'s handle). */
export type Executor = Pick<Db, 'execute' | 'select' | 'insert' | 'update' | 'delete'>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Runs `work` while no other server starting on the same database runs its own: the migrations and
   * the start-up writes (bootstrap, card key). On PostgreSQL a session advisory lock; PGlite has a
   * single server already (DATA_DIR/pglite.lock).
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const MIGRATIONS_FOLDER = path.join(__dirname, '..', 'migrations');

export interface OpenOptions {
  /** PostgreSQL connection string; when absent, PGlite is used. */
  databaseUrl?: string;
  /** PGlite data folder; `undefined` keeps the database in memory. */
  dataDir?: string;
  poolSize?: number;
}

/**
 * The advisory lock key of a server's start on PostgreSQL: "console" in ASCII (0x636f6e736f6c65) as
 * a double rounds it to …64, the key every release so far has taken; written exactly, so that an
 * older instance starting beside a newer one still waits for it.
 */
/** Connections an instance opens to PostgreSQL at most. */
export const DEFAULT_POOL_SIZE = 10;

export const START_LOCK_KEY = 0x636f6e736f6c64;

/**
 * Instances started together on one PostgreSQL take turns for their migrations and start-up
 * writes: the lock is a session's, so it is held on one reserved connection while `work` uses
 * the rest of the pool, and it goes with the session should the process die.
 */
async function underStartLock<T>(client: postgres.Sql, work: () => Promise<T>): Promise<T> {
  const session = await client.reserve();
  try {
    await session`select pg_advisory_lock(${START_LOCK_KEY})`;
    try {
      return await work();
    } finally {
      await session`select pg_advisory_unlock(${START_LOCK_KEY})`;
    }
  } finally {
    session.release();
  }
}

/** Opens the database and applies pending migrations. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const client = postgres(options.databaseUrl, {
      max: options.poolSize ?? DEFAULT_POOL_SIZE,
      onnotice: () => {},
      // PGlite hands back bigints as numbers; keep both drivers alike.
      types: { bigint: postgres.BigInt },
    });
    const db = drizzlePostgres({ client, schema });
    const exclusive = <T>(work: () => Promise<T>) => underStartLock(client, work);
    try {
      await exclusive(() => migratePostgres(db, { migrationsFolder: MIGRATIONS_FOLDER }));
    } catch (error) {
      await client.end({ timeout: 5 });
      throw error;
    }
    return { db: db as unknown as Db, kind: 'postgres', exclusive, close: () => client.end({ timeout: 5 }) };
  }
  let dataDir: string | undefined;
  let lock: DataDirLock | undefined;
  if (options.dataDir) {
    dataDir = path.join(options.dataDir, 'pglite');
    fs.mkdirSync(dataDir, { recursive: true });
    lock = lockDataDir(options.dataDir);
  }
  try {
    // pg_trgm: the trigram indexes of the account search (migration 0003).
    const client = await PGlite.create({
      ...(dataDir ? { dataDir } : {}),
      extensions: { pg_trgm },
    });
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
    const close = async () => {
      await client.close();
      lock?.release();
    };
    return { db: db as unknown as Db, kind: 'pglite', exclusive: (work) => work(), close };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

/** A transaction handle, as `db.transaction` hands it to its callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
