/**
 * The media library's rows: list, rename and delete (the upload and the files are in routes.ts).
 * A deletion removes the row first, then the file: a file left behind by a failed removal is
 * harmless, a row without its file is not.
 */
import { and, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { Page } from '#contract/api/common';
import type { MediaItem, MediaListQuery, MediaRenameBody } from '#contract/api/media';
import { pageOfQuery } from '../db/paging';
import { containsPattern } from '../db/query';
import { media } from '../db/schema';
import { badParameter } from '../refusal';
import { mediaRowById, selectMedia, toMediaItem } from './records';
import { mediaStorage } from './storage';
import { MEDIA_MESSAGES } from './messages';
import type { CallContext } from '../context';

export async function listMedia({ db }: CallContext, query: MediaListQuery): Promise<Page<MediaItem>> {
  const filters: SQL[] = [];
  if (query.kind) filters.push(eq(media.kind, query.kind));
  const name = query.name?.trim();
  if (name) filters.push(ilike(media.name, containsPattern(name)));
  const where = and(...filters);
  return pageOfQuery(
    query,
    {
      rows: selectMedia(db).where(where).orderBy(desc(media.createdAt), desc(media.id)).$dynamic(),
      count: db.select({ n: count() }).from(media).where(where),
    },
    toMediaItem,
  );
}

export async function renameMedia({ db, audit }: CallContext, body: MediaRenameBody): Promise<MediaItem> {
  const name = body.name.trim();
  if (!name) throw badParameter('name', MEDIA_MESSAGES.nameRequired);
  await db.transaction(async (tx) => {
    const before = await mediaRowById(tx, body.id, true);
    await tx
      .update(media)
      .set({ name, updatedAt: sql`now()` })
      .where(eq(media.id, body.id));
    await audit(tx, { action: 'media.rename', targetType: 'media', targetId: body.id, before: { name: before.name }, after: { name } });
  });
  return toMediaItem(await mediaRowById(db, body.id));
}

export async function deleteMedia({ db, config, audit }: CallContext, { id }: { id: number }): Promise<null> {
  const storage = mediaStorage(config);
  const removed = await db.transaction(async (tx) => {
    const before = await mediaRowById(tx, id, true);
    await tx.delete(media).where(eq(media.id, id));
    await audit(tx, { action: 'media.delete', targetType: 'media', targetId: id, before });
    return before;
  });
  await storage.delete(removed.storageKey);
  return null;
}
