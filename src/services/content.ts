/** `/api/admin/{script,appVersion,media,news}/*`: the content screens' calls. */
import type { NewsCreateBody, NewsUpdateBody } from '#contract/api/news';
import { callApi, legacyCallApi } from '@/services/request';
import type { Page } from '#contract/api';
import type {
  MediaItem,
  MediaRenameBody,
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

export const getScript = (id: number) => legacyCallApi<ScriptDetail>('script/get', { id });
export const createScript = (body: ScriptCreateBody) => legacyCallApi<ScriptDetail>('script/create', body);
export const saveScript = (body: ScriptSaveBody) => legacyCallApi<ScriptDetail>('script/save', body);
export const renameScript = (body: ScriptRenameBody) => legacyCallApi<ScriptDetail>('script/rename', body);
export const setScriptEnabled = (body: ScriptSetEnabledBody) => legacyCallApi<ScriptDetail>('script/setEnabled', body);
export const getScriptVersion = (ref: ScriptVersionRef) => legacyCallApi<ScriptVersionDetail>('script/version', ref);
export const restoreScriptVersion = (ref: ScriptVersionRef) => legacyCallApi<ScriptDetail>('script/restore', ref);

export const listReleases = (query: { current?: number; pageSize?: number }) => legacyCallApi<Page<Release>>('appVersion/list', query);
export const createRelease = (body: ReleaseCreateBody) => legacyCallApi<Release>('appVersion/create', body);
export const updateRelease = (body: ReleaseUpdateBody) => legacyCallApi<Release>('appVersion/update', body);
export const publishRelease = (id: number) => legacyCallApi<Release>('appVersion/publish', { id });
export const withdrawRelease = (id: number) => legacyCallApi<Release>('appVersion/withdraw', { id });
export const deleteRelease = (id: number) => legacyCallApi<null>('appVersion/delete', { id });
export const getReleaseBundle = (id: number) => legacyCallApi<ReleaseBundle>('appVersion/bundle', { id });
export const setReleaseBundle = (body: ReleaseSetBundleBody) => legacyCallApi<ReleaseBundle>('appVersion/setBundle', body);

export const renameMedia = (body: MediaRenameBody) => legacyCallApi<MediaItem>('media/rename', body);
export const deleteMedia = (id: number) => legacyCallApi<null>('media/delete', { id });

export const createNews = (body: NewsCreateBody) => callApi('news/create', body);
export const updateNews = (body: NewsUpdateBody) => callApi('news/update', body);
export const publishNews = (id: number) => callApi('news/publish', { id });
export const unpublishNews = (id: number) => callApi('news/unpublish', { id });
export const deleteNews = (id: number) => callApi('news/delete', { id });
