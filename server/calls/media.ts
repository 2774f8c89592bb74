/**
 * `media/*`: the media library's JSON calls (media grant); the rules live in server/media/library.ts.
 * The upload is multipart and the files are served by GET: both live in `server/media/routes.ts`.
 */
import type { CallHandlers } from '../http/calls';
import { deleteMedia, listMedia, renameMedia } from '../media/library';
import { mediaStorage } from '../media/storage';

export const mediaHandlers = {
  'media/list': ({ db, body }) => listMedia(db, body),
  'media/rename': ({ db, body, audit }) => renameMedia(db, body, audit),
  'media/delete': ({ db, config, body, audit }) => deleteMedia(db, mediaStorage(config), body.id, audit),
} satisfies Partial<CallHandlers>;
