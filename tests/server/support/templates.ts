/**
 * Migrated starting points for the suites' databases, made once per run by globalSetup: every
 * `describeEachDatabase` used to build its PGlite and its PostgreSQL database from nothing and run
 * every migration (seconds each, 44 times over). A PostgreSQL database is now created from a
 * migrated template database, and a PGlite opens a copy of a migrated data folder; `openDatabase`
 * then finds nothing left to migrate.
 *
 * The PGlite copy is a folder, as `npm start` keeps it, rather than an in-memory cluster loaded from a
 * dump: the dump's 43 MB were unpacked into JavaScript buffers for every suite, and inside a jest
 * worker the garbage collector that this set off made an open cost 1.5–1.8 s; a copied folder opens
 * in 1.0–1.2 s there (0.4 s in plain Node).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { openDatabase } from '../../../server/db/client';

/** The migrated template database of the run's PostgreSQL server. */
export const POSTGRES_TEMPLATE = 'test_template';
const PGLITE_TEMPLATE = 'pglite-migrated';

/** Creates both templates; answers the PGlite template folder's path (in `dir`, removed with the server). */
export async function makeTemplates(adminUrl: string, dir: string): Promise<string> {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${POSTGRES_TEMPLATE}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${POSTGRES_TEMPLATE}`;
  // Two connections: the start lock holds one while the migrations use the other.
  const template = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
  await template.close();

  const folder = path.join(dir, PGLITE_TEMPLATE);
  const embedded = await openDatabase({ dataDir: folder });
  await embedded.close();
  return folder;
}

/** Where the suites' PGlite copies go: shared memory when the machine has it (nothing waits on a disk). */
function scratchRoot(): string {
  return fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir();
}

/**
 * A fresh copy of the migrated PGlite folder (DATA_DIR's layout) for one suite, or undefined outside
 * a server test run (the suite then migrates an in-memory PGlite). The caller removes it.
 */
export function copyOfMigratedPglite(): string | undefined {
  const template = process.env.TEST_PGLITE_TEMPLATE;
  if (!template) return undefined;
  const copy = fs.mkdtempSync(path.join(scratchRoot(), 'console-test-pglite-'));
  fs.cpSync(template, copy, { recursive: true });
  return copy;
}
