/**
 * Tickets that open the notification stream. EventSource can not send the Authorization header,
 * and the bearer token must not travel in a URL (URLs are logged by proxies), so an authenticated
 * call issues a ticket: random, single-use, valid STREAM_TICKET_TTL_SECONDS, bound to the caller's
 * session (the stream ends with it). Only its hash is stored, in the database, so any instance
 * behind the balancer can take it.
 */
import { eq, sql } from 'drizzle-orm';
import { STREAM_TICKET_TTL_SECONDS } from '#contract/notifications';
import type { StreamTicket } from '#contract/api/notification';
import type { Executor } from '../db/client';
import { queryOne } from '../db/query';
import { streamTickets } from '../db/schema';
import { hashToken, newToken } from '../auth/tokens';
import type { CallContext } from '../context';

export async function issueStreamTicket(db: Executor, sessionId: number): Promise<StreamTicket> {
  const ticket = newToken();
  const [row] = await db
    .insert(streamTickets)
    .values({
      tokenHash: hashToken(ticket),
      sessionId,
      expiresAt: sql`now() + make_interval(secs => ${STREAM_TICKET_TTL_SECONDS})`,
    })
    .returning({ expiresAt: streamTickets.expiresAt });
  return { ticket, expiresAt: row.expiresAt.toISOString() };
}

/** Takes the ticket (it can not be used again); answers its session's id, or undefined when unknown or expired. */
/** `notification/streamTicket`: a ticket for the caller's session to open the stream with. */
export const streamTicket = ({ db, account }: CallContext) => issueStreamTicket(db, account.sessionId);

export async function takeStreamTicket(db: Executor, ticket: string): Promise<number | undefined> {
  const [row] = await db
    .delete(streamTickets)
    .where(eq(streamTickets.tokenHash, hashToken(ticket)))
    .returning({ sessionId: streamTickets.sessionId, live: sql<boolean>`${streamTickets.expiresAt} > now()` });
  return row?.live ? row.sessionId : undefined;
}

/** Deletes the expired tickets nobody took (the periodic job). */
export async function pruneStreamTickets(db: Executor): Promise<number> {
  const row = await queryOne<{ n: number }>(
    db,
    sql`with deleted as (delete from stream_tickets where expires_at < now() returning 1) select count(*)::int as n from deleted`,
  );
  return Number(row?.n ?? 0);
}
