/** Small SQL helpers for assertions on either database. */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../server/db/client';
import { queryRows } from '../../../server/db/query';
import { hashToken } from '../../../server/auth/tokens';

export { sql };

export const rows = <T = any>(db: Db, query: SQL) => queryRows<T>(db, query);

export async function one<T = any>(db: Db, query: SQL): Promise<T> {
  const [row] = await queryRows<T>(db, query);
  return row;
}

export const sessionOf = (db: Db, token: string) =>
  one<{ id: number; expiresAt: Date; lastSeenAt: Date; revokedAt: Date | null; ip: string; userAgent: string }>(
    db,
    sql`select id, expires_at as "expiresAt", last_seen_at as "lastSeenAt", revoked_at as "revokedAt",
               ip, user_agent as "userAgent" from sessions where token_hash = ${hashToken(token)}`,
  );

export const accountId = async (db: Db, username: string) =>
  (await one<{ id: number }>(db, sql`select id from accounts where username = ${username}`)).id;

export const roleId = async (db: Db, code: string) => (await one<{ id: number }>(db, sql`select id from roles where code = ${code}`)).id;

export const menuId = async (db: Db, url: string) => (await one<{ id: number }>(db, sql`select id from menus where url = ${url}`)).id;

export const rbacVersion = async (db: Db) =>
  Number((await one<{ version: unknown }>(db, sql`select version from rbac_state where id = 1`)).version);
