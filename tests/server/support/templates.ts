/**
 * Migrated starting points for the suites' databases, made once per run by globalSetup: every
 * `describeEachDatabase` used to build its PGlite and its PostgreSQL database from nothing and run
 * every migration (seconds each, 44 times over). A PostgreSQL database is now created from a
 * migrated template database, and an in-memory PGlite loads a dump of a migrated data folder;
 * `openDatabase` then finds nothing left to migrate.
 */
import fs from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import { openDatabase } from '../../../server/db/client';

/** The migrated template database of the run's PostgreSQL server. */
export const POSTGRES_TEMPLATE = 'test_template';
const DUMP_FILE = 'pglite-migrated.tar';

/** Creates both templates; answers the PGlite dump's path (in `dir`, removed with the server). */
export async function makeTemplates(adminUrl: string, dir: string): Promise<string> {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${POSTGRES_TEMPLATE}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${POSTGRES_TEMPLATE}`;
  // Two connections: the start lock holds one while the migrations use the other.
  const template = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
  await template.close();

  const embedded = await openDatabase({});
  const client = (embedded.db as unknown as { $client: { dumpDataDir(compression: 'none'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  await embedded.close();
  const file = path.join(dir, DUMP_FILE);
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  return file;
}

let pgliteDump: Blob | undefined;

/** The migrated PGlite dump (read once per test file), or undefined outside a server test run. */
export function migratedPgliteDump(): Blob | undefined {
  const file = process.env.TEST_PGLITE_DUMP;
  if (!file) return undefined;
  pgliteDump ??= new Blob([fs.readFileSync(file)]);
  return pgliteDump;
}
