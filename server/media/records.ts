/** Media rows as the API answers them (drizzle's builder on `schema.media`). */
import { eq } from 'drizzle-orm';
import type { MediaItem } from '#contract/api/media';
import { MEDIA_FILE_PREFIX } from '#contract/content';
import type { Executor } from '../db/client';
import { accounts, media } from '../db/schema';
import { badParameter } from '../refusal';
import { MEDIA_MESSAGES } from './messages';

const mediaColumns = {
  id: media.id,
  name: media.name,
  kind: media.kind,
  contentType: media.contentType,
  sizeBytes: media.sizeBytes,
  storageKey: media.storageKey,
  uploader: accounts.username,
  createdAt: media.createdAt,
};

export type MediaRow = Pick<
  typeof media.$inferSelect,
  'id' | 'name' | 'kind' | 'contentType' | 'sizeBytes' | 'storageKey' | 'createdAt'
> & {
  uploader: string | null;
};

/** The media rows with their uploader's name, to filter, order and page. */
export const selectMedia = (db: Executor) => db.select(mediaColumns).from(media).leftJoin(accounts, eq(accounts.id, media.uploaderId));

export const toMediaItem = ({ storageKey, ...row }: MediaRow): MediaItem => ({
  ...row,
  sizeBytes: Number(row.sizeBytes),
  url: `${MEDIA_FILE_PREFIX}${storageKey}`,
  createdAt: row.createdAt.toISOString(),
});

/** One media row; A0400 when there is none. `lock` takes the row for an update. */
export async function mediaRowById(db: Executor, id: number, lock = false): Promise<MediaRow> {
  const query = selectMedia(db).where(eq(media.id, id));
  const [row] = lock ? await query.for('update', { of: media }) : await query;
  if (!row) throw badParameter('id', MEDIA_MESSAGES.missing);
  return row;
}

/**
 * The display name of an upload: the client's file name without any directory part or control
 * characters (it is only ever shown, never used for a path).
 */
export function displayNameOf(fileName: string | undefined): string {
  const base = (fileName ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base
    // eslint-disable-next-line no-control-regex -- control characters are what is stripped from the shown name
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 200);
  return clean === '' || clean === '.' || clean === '..' ? MEDIA_MESSAGES.unnamed : clean;
}
