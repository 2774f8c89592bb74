/** `/api/admin/{script,appVersion,media,news}/*`: the content screens' calls. */
import { callApi } from '@/services/request';
import type { Page } from '#contract/api';
import type {
  MediaItem,
  MediaRenameBody,
  NewsAdminItem,
  NewsCreateBody,
  NewsUpdateBody,
  Release,
  ReleaseBundle,
  ReleaseCreateBody,
  ReleaseSetBundleBody,
  ReleaseUpdateBody,
  ScriptCreateBody,
  ScriptDetail,
  ScriptRenameBody,
  ScriptSaveBody,
  ScriptSetEnabledBody,
  ScriptVersionDetail,
  ScriptVersionRef,
} from '#contract/content';

export const getScript = (id: number) => callApi<ScriptDetail>('script/get', { id });
export const createScript = (body: ScriptCreateBody) => callApi<ScriptDetail>('script/create', body);
export const saveScript = (body: ScriptSaveBody) => callApi<ScriptDetail>('script/save', body);
export const renameScript = (body: ScriptRenameBody) => callApi<ScriptDetail>('script/rename', body);
export const setScriptEnabled = (body: ScriptSetEnabledBody) => callApi<ScriptDetail>('script/setEnabled', body);
export const getScriptVersion = (ref: ScriptVersionRef) => callApi<ScriptVersionDetail>('script/version', ref);
export const restoreScriptVersion = (ref: ScriptVersionRef) => callApi<ScriptDetail>('script/restore', ref);

export const listReleases = (query: { current?: number; pageSize?: number }) => callApi<Page<Release>>('appVersion/list', query);
export const createRelease = (body: ReleaseCreateBody) => callApi<Release>('appVersion/create', body);
export const updateRelease = (body: ReleaseUpdateBody) => callApi<Release>('appVersion/update', body);
export const publishRelease = (id: number) => callApi<Release>('appVersion/publish', { id });
export const withdrawRelease = (id: number) => callApi<Release>('appVersion/withdraw', { id });
export const deleteRelease = (id: number) => callApi<null>('appVersion/delete', { id });
export const getReleaseBundle = (id: number) => callApi<ReleaseBundle>('appVersion/bundle', { id });
export const setReleaseBundle = (body: ReleaseSetBundleBody) => callApi<ReleaseBundle>('appVersion/setBundle', body);

export const renameMedia = (body: MediaRenameBody) => callApi<MediaItem>('media/rename', body);
export const deleteMedia = (id: number) => callApi<null>('media/delete', { id });

export const createNews = (body: NewsCreateBody) => callApi<NewsAdminItem>('news/create', body);
export const updateNews = (body: NewsUpdateBody) => callApi<NewsAdminItem>('news/update', body);
export const publishNews = (id: number) => callApi<NewsAdminItem>('news/publish', { id });
export const unpublishNews = (id: number) => callApi<NewsAdminItem>('news/unpublish', { id });
export const deleteNews = (id: number) => callApi<null>('news/delete', { id });
