/**
 * LISTEN on a channel of the database `db` was opened on, on both drivers: postgres-js keeps a
 * connection of its own for it (outside the pool) and listens again after a reconnect; PGlite has
 * its single in-process connection. `onListen` runs each time the listening (re)starts: signals sent
 * while it was down are lost, so a listener catches up then.
 */
import { PGlite } from '@electric-sql/pglite';
import type postgres from 'postgres';
import type { Db } from './client';

export type Unlisten = () => Promise<void>;
export type Listen = (channel: string, onPayload: (payload: string) => void, onListen?: () => void) => Promise<Unlisten>;

/** The listen function of the client behind `db` (drizzle's `$client`). */
export function listenerOf(db: Db): Listen {
  const client = (db as unknown as { $client: PGlite | postgres.Sql }).$client;
  if (client instanceof PGlite) {
    return async (channel, onPayload, onListen) => {
      const unlisten = await client.listen(channel, onPayload);
      onListen?.();
      return async () => {
        if (!client.closed) await unlisten();
      };
    };
  }
  return async (channel, onPayload, onListen) => {
    const { unlisten } = await client.listen(channel, onPayload, onListen);
    return async () => {
      await unlisten().catch(() => {});
    };
  };
}
