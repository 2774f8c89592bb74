/**
 * Instances started together on a new PostgreSQL database take turns for the migrations and the
 * start-up writes (server/db/client.ts, `exclusive`): all of them come up, and the bootstrap's rows
 * exist once.
 */
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { bootstrap } from '../../server/bootstrap';
import { openDatabase, type Database } from '../../server/db/client';
import { testConfig } from './support/databases';
import { one, sql } from './support/sql';

const INSTANCES = 4;

describe('start-up of instances together [postgres]', () => {
  const adminUrl = process.env.TEST_POSTGRES_URL!;
  const name = `test_start_${randomBytes(4).toString('hex')}`;
  const opened: Database[] = [];

  beforeAll(async () => {
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    await admin.end();
  });

  afterAll(async () => {
    for (const database of opened) await database.close();
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it(`migrates and bootstraps a new database once with ${INSTANCES} instances starting at the same moment`, async () => {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const config = testConfig();
    const starts = await Promise.allSettled(
      Array.from({ length: INSTANCES }, async () => {
        const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 3 });
        opened.push(database);
        await database.exclusive(() => bootstrap({ db: database.db, config, print: () => {} }));
      }),
    );
    expect(starts.filter((start) => start.status === 'rejected')).toEqual([]);
    const { db } = opened[0];
    expect(await one(db, sql`select count(*)::int as n from accounts where username = ${config.adminUsername}`)).toEqual({ n: 1 });
    expect(await one(db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`)).toEqual(
      await one(db, sql`select count(distinct hash)::int as n from drizzle.__drizzle_migrations`),
    );
  });
});
