/**
 * The database a benchmark seeds: PGlite in a temp folder by default; DATABASE=postgres starts a
 * throw-away PostgreSQL 15 (as the server tests do, PG_BIN) unless DATABASE_URL names an empty
 * database. Whatever happens, the database is closed, the PostgreSQL stopped and the folder removed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../../server/db/client';
import { startPostgres, stopPostgres, type RunningPostgres } from '../../tests/server/support/postgres';

export const BENCH_DATABASE_KIND: 'postgres' | 'pglite' =
  process.env.DATABASE_URL || process.env.DATABASE === 'postgres' ? 'postgres' : 'pglite';

/** Runs `work` on a fresh database of BENCH_DATABASE_KIND; `where` names it for the printout (its kind and folder). */
export async function withBenchDatabase<T>(name: string, work: (database: Database, where: string) => Promise<T>): Promise<T> {
  let running: RunningPostgres | undefined;
  let dataDir: string | undefined;
  let database: Database | undefined;
  try {
    let databaseUrl = process.env.DATABASE_URL;
    if (BENCH_DATABASE_KIND === 'postgres' && !databaseUrl) {
      running = await startPostgres();
      databaseUrl = running.url;
    }
    if (BENCH_DATABASE_KIND === 'pglite') dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-${name}-`));
    database = await openDatabase({ databaseUrl, dataDir });
    return await work(database, `${database.kind}${dataDir ? ` (${dataDir})` : ''}`);
  } finally {
    await database?.close();
    if (running) await stopPostgres(running);
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
