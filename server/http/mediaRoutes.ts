/**
 * The media routes that are not JSON calls: the multipart upload (`POST /api/admin/media/upload`,
 * same bearer token and grant as the media calls) and the files themselves (`GET /api/media/<key>`),
 * served with headers that keep an upload from ever running as a page, whole or by byte range
 * (a video seeks with `Range`).
 *
 * Registered as its own plugin so that @fastify/multipart only applies here.
 */
import multipart from '@fastify/multipart';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CODES } from '#contract/codes';
import { MEDIA_STAFF } from '#contract/api/media';
import { MEDIA_FILE_PREFIX, MEDIA_UPLOAD_URL } from '#contract/content';
import { audit } from '../audit';
import { media } from '../db/schema';
import { authenticateRequest, etagMatches, type CallServices } from './calls';
import { badParameter, Refusal } from '../refusal';
import { fail, ok } from './respond';
import { displayNameOf, mediaRowById, toMediaItem } from '../media/records';
import { requestedRange } from '../media/byteRange';
import { detectMediaType } from '../media/sniff';
import { isStorageKey, mediaStorage, newStorageKey } from '../media/storage';
import { MEDIA_MESSAGES } from '../media/messages';

const hasClientStatus = (error: unknown) => {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
};

/** Served files never change under their key. */
const FILE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export async function mediaRoutes(app: FastifyInstance, services: CallServices) {
  const { config, db } = services;
  const storage = mediaStorage(config);
  const largest = Math.max(config.mediaImageMaxBytes, config.mediaVideoMaxBytes);

  await app.register(multipart, { limits: { fileSize: largest, files: 1, fields: 10, parts: 11 } });

  app.post(MEDIA_UPLOAD_URL, async (request: FastifyRequest, reply: FastifyReply) => {
    await authenticateRequest(services, request, MEDIA_STAFF, MEDIA_UPLOAD_URL);
    if (!request.isMultipart()) throw badParameter('file', MEDIA_MESSAGES.notMultipart);
    let file: Awaited<ReturnType<FastifyRequest['file']>>;
    let bytes: Buffer;
    try {
      file = await request.file();
      if (!file) throw badParameter('file', MEDIA_MESSAGES.noFile);
      bytes = await file.toBuffer();
    } catch (error) {
      if (error instanceof Refusal) throw error;
      if (error instanceof app.multipartErrors.RequestFileTooLargeError)
        throw badParameter('file', MEDIA_MESSAGES.tooLarge(config.mediaImageMaxBytes, config.mediaVideoMaxBytes));
      // The plug-in's limits and content-type refusals carry a 4xx status (answered A0400 by the
      // error handler); anything else thrown while reading the body is a truncated or malformed
      // upload (busboy: "Unexpected end of form", "Malformed part header", no boundary…).
      if (hasClientStatus(error)) throw error;
      request.log.info({ err: { type: (error as Error)?.name, message: (error as Error)?.message } }, 'malformed upload');
      throw badParameter('file', MEDIA_MESSAGES.malformed);
    }
    if (bytes.length === 0) throw badParameter('file', MEDIA_MESSAGES.empty);
    const type = detectMediaType(bytes);
    if (!type) throw badParameter('file', MEDIA_MESSAGES.unsupportedType);
    const limit = type.kind === 'image' ? config.mediaImageMaxBytes : config.mediaVideoMaxBytes;
    if (bytes.length > limit) throw badParameter('file', MEDIA_MESSAGES.kindTooLarge(type.kind, limit));

    const name = displayNameOf(file.filename);
    const key = newStorageKey(type.extension);
    await storage.put(key, bytes);
    try {
      const account = request.account!;
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(media)
          .values({
            name,
            kind: type.kind,
            contentType: type.contentType,
            sizeBytes: bytes.length,
            storageKey: key,
            uploaderId: account.id,
          })
          .returning({ id: media.id });
        await audit(tx, {
          actorId: account.id,
          action: 'media.upload',
          targetType: 'media',
          targetId: row.id,
          after: { name, kind: type.kind, contentType: type.contentType, sizeBytes: bytes.length, storageKey: key },
          ip: request.ip,
        });
        return row.id;
      });
      return reply.send(ok(toMediaItem(await mediaRowById(db, id))));
    } catch (error) {
      await storage.delete(key);
      throw error;
    }
  });

  app.get(`${MEDIA_FILE_PREFIX}:key`, async (request: FastifyRequest<{ Params: { key: string } }>, reply: FastifyReply) => {
    const { key } = request.params;
    const notFound = () => reply.code(404).send(fail(CODES.BAD_PARAMETERS, MEDIA_MESSAGES.fileMissing));
    if (!isStorageKey(key)) return notFound();
    const [row] = await db.select({ name: media.name, contentType: media.contentType }).from(media).where(eq(media.storageKey, key));
    if (!row) return notFound();
    const etag = `"${key}"`;
    reply
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', FILE_CACHE_CONTROL)
      .header('etag', etag);
    if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    const file = await storage.get(key);
    if (!file) return notFound();
    const { size } = file;
    reply.header('accept-ranges', 'bytes');
    const asked = requestedRange(request.headers, size, etag);
    if (asked.kind === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${size}`).send();
    const range = asked.kind === 'part' ? asked.range : undefined;
    if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`);
    return (
      reply
        .type(row.contentType)
        .header('content-length', range ? range.end - range.start + 1 : size)
        .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(row.name)}`)
        // A HEAD answers the headers only: Fastify would read the stream and drop it (a whole download from S3).
        .send(request.method === 'HEAD' ? Readable.from([]) : file.stream(range))
    );
  });
}
