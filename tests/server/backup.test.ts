/**
 * db:backup / db:restore: an embedded database (bootstrapped with the demo data) dumped, restored
 * into a fresh PostgreSQL database and into a fresh PGlite folder — every table's row count and the
 * sequences carried over, the next ids continue — and a PostgreSQL database dumped with pg_dump back
 * into PGlite. A folder a server holds is refused, and so is a target that is not empty.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import postgres from 'postgres';
import { buildApp } from '../../server/app';
import { bootstrap } from '../../server/bootstrap';
import { BackupError, backupDatabase, prepareDump, restoreDatabase } from '../../server/db/backup';
import { openDatabase, type Database } from '../../server/db/client';
import { LOCK_FILE } from '../../server/db/dataDirLock';
import { PG_BIN } from './support/postgres';
import { TEST_ADMIN, injectCall, testConfig } from './support/databases';

type Query = (text: string) => Promise<Record<string, unknown>[]>;

interface Snapshot {
  tables: Record<string, number>;
  sequences: Record<string, string | null>;
}

/** Row counts of every table and positions of every sequence outside the system schemas. */
async function snapshot(query: Query): Promise<Snapshot> {
  const tables = await query(
    `select schemaname || '.' || tablename as name from pg_tables where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await query(`select count(*)::int as n from ${String(name)}`);
    counts[String(name)] = Number(row.n);
  }
  const sequences = await query(
    `select schemaname || '.' || sequencename as name, last_value::text as value from pg_sequences
      where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
  );
  return {
    tables: counts,
    sequences: Object.fromEntries(sequences.map((row) => [String(row.name), typeof row.value === 'string' ? row.value : null])),
  };
}

const pgliteQuery =
  (pg: PGlite): Query =>
  async (text) =>
    (await pg.query<Record<string, unknown>>(text)).rows;

describe('db:backup / db:restore', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-backup-'));
  const source = path.join(dir, 'source');
  const adminUrl = process.env.TEST_POSTGRES_URL!;
  const createdDatabases: string[] = [];
  let dump: string;
  let expected: Snapshot;

  async function freshPostgres(): Promise<string> {
    const name = `backup_${randomBytes(6).toString('hex')}`;
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    await admin.end();
    createdDatabases.push(name);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return url.toString();
  }

  /** Opens the restored database as the server does (migrations: none pending), logs in, writes news. */
  async function serverWorksOn(database: Database) {
    const config = testConfig({ demo: false, dataDir: dir });
    await bootstrap({ db: database.db, config, print: () => {} });
    const app = await buildApp({ db: database.db, config });
    try {
      const login = await injectCall(app, 'account/login', TEST_ADMIN);
      expect(login.isSuccess).toBe(true);
      const created = await injectCall(
        app,
        'news/create',
        { title: 'after the restore', summary: '', body: '' },
        { token: login.content.token },
      );
      expect(created.isSuccess).toBe(true);
      return created.content.id as number;
    } finally {
      await app.close();
    }
  }

  beforeAll(async () => {
    if (!adminUrl) throw new Error('TEST_POSTGRES_URL is not set (jest --selectProjects server)');
    const database = await openDatabase({ dataDir: source });
    try {
      await bootstrap({ db: database.db, config: testConfig({ demo: true, dataDir: source }), print: () => {} });
    } finally {
      await database.close();
    }
    const pg = await PGlite.create({ dataDir: path.join(source, 'pglite'), extensions: { pg_trgm } });
    try {
      expected = await snapshot(pgliteQuery(pg));
    } finally {
      await pg.close();
    }
    dump = await backupDatabase({ dataDir: source });
  }, 180_000);

  afterAll(async () => {
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    for (const name of createdDatabases) await admin.unsafe(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin.end();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('dumps the embedded database as plain SQL with inserts, sequences and the migration journal', () => {
    expect(expected.tables['public.accounts']).toBeGreaterThan(4);
    expect(expected.tables['public.news']).toBeGreaterThan(0);
    expect(expected.tables['drizzle.__drizzle_migrations']).toBeGreaterThan(0);
    expect(dump).toContain('-- PostgreSQL database dump');
    expect(dump).toMatch(/^INSERT INTO public\.accounts /m);
    expect(dump).toMatch(/^SELECT pg_catalog\.setval\('public\.accounts_id_seq'/m);
    expect(dump).not.toMatch(/^COPY /m);
    expect(fs.existsSync(path.join(source, LOCK_FILE))).toBe(false);
  });

  it('restores into a fresh PostgreSQL database: same rows, sequences go on', async () => {
    const url = await freshPostgres();
    await restoreDatabase({ databaseUrl: url, dataDir: dir }, dump);
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      expect(await snapshot((text) => sql.unsafe(text) as unknown as Promise<Record<string, unknown>[]>)).toEqual(expected);
    } finally {
      await sql.end();
    }
    const database = await openDatabase({ databaseUrl: url, poolSize: 2 });
    try {
      const id = await serverWorksOn(database);
      expect(id).toBe(Number(expected.sequences['public.news_id_seq']) + 1);
    } finally {
      await database.close();
    }
    // Not empty any more: a second restore is refused, and nothing changed.
    await expect(restoreDatabase({ databaseUrl: url, dataDir: dir }, dump)).rejects.toThrow(
      /is not empty .*\n.*restores into an empty database only/,
    );
  }, 120_000);

  it('restores into a fresh PGlite folder: same rows, sequences go on', async () => {
    const target = path.join(dir, 'restored');
    await restoreDatabase({ dataDir: target }, dump);
    const pg = await PGlite.create({ dataDir: path.join(target, 'pglite'), extensions: { pg_trgm } });
    try {
      expect(await snapshot(pgliteQuery(pg))).toEqual(expected);
    } finally {
      await pg.close();
    }
    const database = await openDatabase({ dataDir: target });
    try {
      const id = await serverWorksOn(database);
      expect(id).toBe(Number(expected.sequences['public.news_id_seq']) + 1);
    } finally {
      await database.close();
    }
    await expect(restoreDatabase({ dataDir: target }, dump)).rejects.toBeInstanceOf(BackupError);
  }, 120_000);

  it('dumps PostgreSQL with pg_dump, restorable into PGlite (the way back)', async () => {
    const url = await freshPostgres();
    await restoreDatabase({ databaseUrl: url, dataDir: dir }, dump);
    const previous = process.env.PG_DUMP;
    process.env.PG_DUMP = path.join(PG_BIN, 'pg_dump');
    let fromPostgres: string;
    try {
      fromPostgres = await backupDatabase({ databaseUrl: url, dataDir: dir });
    } finally {
      if (previous === undefined) delete process.env.PG_DUMP;
      else process.env.PG_DUMP = previous;
    }
    const target = path.join(dir, 'back');
    await restoreDatabase({ dataDir: target }, fromPostgres);
    const pg = await PGlite.create({ dataDir: path.join(target, 'pglite'), extensions: { pg_trgm } });
    try {
      expect(await snapshot(pgliteQuery(pg))).toEqual(expected);
    } finally {
      await pg.close();
    }
  }, 120_000);

  it('refuses to back up a folder a running server holds, naming it', async () => {
    // A live process named in the lock stands for the server.
    const holder: ChildProcess = spawn('sleep', ['60'], { stdio: 'ignore' });
    try {
      fs.writeFileSync(path.join(source, LOCK_FILE), `${holder.pid}\n`);
      const refused = backupDatabase({ dataDir: source });
      await expect(refused).rejects.toBeInstanceOf(BackupError);
      await expect(refused).rejects.toThrow(`Another server (process ${holder.pid}) is using the embedded database`);
    } finally {
      holder.kill('SIGKILL');
      fs.rmSync(path.join(source, LOCK_FILE), { force: true });
    }
  });

  it('skips what the target can not replay and refuses what is not a dump', () => {
    const text = [
      '-- PostgreSQL database dump',
      '\\restrict abc',
      'SET transaction_timeout = 0;',
      'SET lock_timeout = 0;',
      'select 1;',
      '\\unrestrict abc',
    ].join('\n');
    expect(prepareDump(text, new Set(['lock_timeout']))).toBe(
      ['-- PostgreSQL database dump', 'SET lock_timeout = 0;', 'select 1;'].join('\n'),
    );
    expect(() => prepareDump('select 1;', new Set())).toThrow(BackupError);
  });
});
