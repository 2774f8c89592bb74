/**
 * `media/*`: the media library's JSON calls (media grant); the rules live in server/media/library.ts.
 * The upload is multipart and the files are served by GET: both live in `server/http/mediaRoutes.ts`.
 */
import type { CallHandlers } from '../context';
import { deleteMedia, listMedia, renameMedia } from './library';

export const mediaHandlers = {
  'media/list': listMedia,
  'media/rename': renameMedia,
  'media/delete': deleteMedia,
} satisfies Partial<CallHandlers>;
