/**
 * `media/*`: the media library's JSON calls (list, rename, delete). The upload is multipart and
 * the files are served by GET: both live in `server/media/routes.ts`.
 */
import { sql } from 'drizzle-orm';
import { CAPABILITY_URLS } from '#contract/capabilities';
import { containsPattern, queryOne, queryRows } from '../db/query';
import { defineCall } from '../http/calls';
import { badParameter } from '../http/respond';
import { pageOf } from '../db/paging';
import { mediaColumns, mediaRowById, toMediaItem, type MediaRow } from '../media/records';
import { mediaStorage } from '../media/storage';

export const MEDIA_AUTH = {
  anyGrant: [CAPABILITY_URLS.canSeeMediaManager],
} as const;

const list = defineCall('media/list', async ({ db, body }) => {
  const { current, pageSize, offset } = pageOf(body);
  const filters = [sql`true`];
  if (body.kind) filters.push(sql`m.kind = ${body.kind}`);
  if (body.name?.trim()) filters.push(sql`m.name ilike ${containsPattern(body.name.trim())}`);
  const where = sql.join(filters, sql` and `);
  const [rows, count] = await Promise.all([
    queryRows<MediaRow>(
      db,
      sql`select ${mediaColumns} from media m left join accounts u on u.id = m.uploader_id where ${where}
          order by m.created_at desc, m.id desc limit ${pageSize} offset ${offset}`,
    ),
    queryOne<{ n: number }>(db, sql`select count(*)::int as n from media m where ${where}`),
  ]);
  return {
    list: rows.map(toMediaItem),
    total: count?.n ?? 0,
    current,
    pageSize,
  };
});

const rename = defineCall('media/rename', async ({ db, body, account, audit }) => {
  const name = body.name.trim();
  if (!name) throw badParameter('name', '不能为空');
  await db.transaction(async (tx) => {
    const before = await mediaRowById(tx, body.id, true);
    await tx.execute(sql`update media set name = ${name}, updated_at = now() where id = ${body.id}`);
    await audit(tx, {
      action: 'media.rename',
      targetType: 'media',
      targetId: body.id,
      before: { name: before.name },
      after: { name },
    });
  });
  return toMediaItem(await mediaRowById(db, body.id));
});

const remove = defineCall('media/delete', async ({ db, config, body, account, audit }) => {
  const removed = await db.transaction(async (tx) => {
    const before = await mediaRowById(tx, body.id, true);
    await tx.execute(sql`delete from media where id = ${body.id}`);
    await audit(tx, {
      action: 'media.delete',
      targetType: 'media',
      targetId: body.id,
      before,
    });
    return before;
  });
  // The row is gone first: a file left behind by a failed removal is harmless, a row without its file is not.
  await mediaStorage(config).delete(removed.storageKey);
  return null;
});

export const mediaCalls = [list, rename, remove];
