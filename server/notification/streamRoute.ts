/**
 * `GET /api/admin/notification/stream?ticket=…`: the live notifications as Server-Sent Events
 * (contract/api/notification.ts, `notification/streamTicket`). The ticket (single-use, short-lived)
 * names the session; the stream lives while the session does. A reconnect sends the last event id
 * it got (`lastEventId` in the query, or EventSource's own `Last-Event-ID` header) and gets what it missed.
 */
import { PassThrough } from 'node:stream';
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { CODES } from '#contract/codes';
import { NOTIFICATION_STREAM_PATH } from '#contract/notifications';
import type { CallServices } from '../context';
import { Refusal } from '../refusal';
import type { NotificationHub } from './hub';
import { liveSessions } from './liveSessions';
import { takeStreamTicket } from './streamTickets';
import { NOTIFICATION_MESSAGES } from './messages';

const EVENT_ID = '^[0-9]{1,15}$';

const StreamQuery = Type.Object(
  {
    ticket: Type.String({ minLength: 1, maxLength: 100 }),
    lastEventId: Type.Optional(Type.String({ pattern: EVENT_ID, patternMessage: NOTIFICATION_MESSAGES.eventIdDigits })),
  },
  { additionalProperties: false },
);

/** The id a reconnect continues after: the query's, else the Last-Event-ID header's (when it is a number). */
function lastEventIdOf(query: Static<typeof StreamQuery>, header: string | string[] | undefined): number | undefined {
  const text = query.lastEventId ?? (typeof header === 'string' && new RegExp(EVENT_ID).test(header) ? header : undefined);
  return text === undefined ? undefined : Number(text);
}

export function registerNotificationStream(app: FastifyInstance, { db, config }: CallServices, hub: NotificationHub) {
  app.get<{ Querystring: Static<typeof StreamQuery> }>(
    NOTIFICATION_STREAM_PATH,
    // Not compressed: a compressor holds the events back until its buffer fills.
    { compress: false, schema: { querystring: StreamQuery, hide: true } },
    async (request, reply) => {
      const sessionId = await takeStreamTicket(db, request.query.ticket);
      const session = sessionId === undefined ? undefined : (await liveSessions(db, [sessionId], config.sessionIdleSeconds)).get(sessionId);
      if (!session) throw new Refusal(CODES.LOGIN_EXPIRED);
      const stream = new PassThrough();
      const subscriber = await hub.open(session, lastEventIdOf(request.query, request.headers['last-event-id']), {
        write: (chunk) => stream.write(chunk),
        end: () => stream.end(),
      });
      // The client went away (or the stream ended): stop writing to it.
      reply.raw.on('close', () => hub.close(subscriber));
      return (
        reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          // nginx (and other proxies reading it) pass the events on at once instead of buffering them.
          .header('x-accel-buffering', 'no')
          .send(stream)
      );
    },
  );
}
