/** Media rows as the API answers them. */
import { sql } from 'drizzle-orm';
import type { MediaItem } from '#contract/api/media';
import { MEDIA_FILE_PREFIX } from '#contract/content';
import type { Executor } from '../db/client';
import { queryOne, toIso } from '../db/query';
import { badParameter } from '../http/respond';

export interface MediaRow extends Omit<MediaItem, 'url' | 'createdAt'> {
  storageKey: string;
  createdAt: unknown;
}

export const mediaColumns = sql`m.id, m.name, m.kind, m.content_type as "contentType", m.size_bytes::float8 as "sizeBytes",
  m.storage_key as "storageKey", u.username as uploader, m.created_at as "createdAt"`;

export const toMediaItem = ({ storageKey, ...row }: MediaRow): MediaItem => ({
  ...row,
  sizeBytes: Number(row.sizeBytes),
  url: `${MEDIA_FILE_PREFIX}${storageKey}`,
  createdAt: toIso(row.createdAt)!,
});

export async function mediaRowById(db: Executor, id: number, lock = false): Promise<MediaRow> {
  const row = await queryOne<MediaRow>(
    db,
    sql`select ${mediaColumns} from media m left join accounts u on u.id = m.uploader_id where m.id = ${id}
        ${lock ? sql`for update of m` : sql``}`,
  );
  if (!row) throw badParameter('id', '对应的素材不存在');
  return row;
}

/**
 * The display name of an upload: the client's file name without any directory part or control
 * characters (it is only ever shown, never used for a path).
 */
export function displayNameOf(fileName: string | undefined): string {
  const base = (fileName ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 200);
  return clean === '' || clean === '.' || clean === '..' ? '未命名' : clean;
}
