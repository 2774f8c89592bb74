/** `/api/admin/{script,appVersion,media,news}/*`: the content screens' calls. */
import type { NewsCreateBody, NewsUpdateBody } from '#contract/api/news';
import { callApiAnswer as callApi } from '@/services/request';
import type {
  ReleaseApproveBody,
  ReleaseCreateBody,
  ReleaseListQuery,
  ReleaseSetBundleBody,
  ReleaseUpdateBody,
} from '#contract/api/appVersion';
import type { MediaRenameBody } from '#contract/api/media';
import type {
  ScriptApproveBody,
  ScriptCreateBody,
  ScriptRenameBody,
  ScriptSaveBody,
  ScriptSetEnabledBody,
  ScriptVersionRef,
} from '#contract/api/script';

export const getScript = (id: number) => callApi('script/get', { id });
export const createScript = (body: ScriptCreateBody) => callApi('script/create', body);
export const saveScript = (body: ScriptSaveBody) => callApi('script/save', body);
export const renameScript = (body: ScriptRenameBody) => callApi('script/rename', body);
export const setScriptEnabled = (body: ScriptSetEnabledBody) => callApi('script/setEnabled', body);
export const getScriptVersion = (ref: ScriptVersionRef) => callApi('script/version', ref);
export const restoreScriptVersion = (ref: ScriptVersionRef) => callApi('script/restore', ref);
export const approveScript = (body: ScriptApproveBody) => callApi('script/approve', body);

export const listReleases = (query: ReleaseListQuery) => callApi('appVersion/list', query);
export const createRelease = (body: ReleaseCreateBody) => callApi('appVersion/create', body);
export const updateRelease = (body: ReleaseUpdateBody) => callApi('appVersion/update', body);
export const publishRelease = (id: number) => callApi('appVersion/publish', { id });
export const withdrawRelease = (id: number) => callApi('appVersion/withdraw', { id });
export const cancelReleaseRequest = (id: number) => callApi('appVersion/cancelRequest', { id });
export const approveRelease = (body: ReleaseApproveBody) => callApi('appVersion/approve', body);
export const deleteRelease = (id: number) => callApi('appVersion/delete', { id });
export const getReleaseBundle = (id: number) => callApi('appVersion/bundle', { id });
export const setReleaseBundle = (body: ReleaseSetBundleBody) => callApi('appVersion/setBundle', body);

export const renameMedia = (body: MediaRenameBody) => callApi('media/rename', body);
export const deleteMedia = (id: number) => callApi('media/delete', { id });

export const createNews = (body: NewsCreateBody) => callApi('news/create', body);
export const updateNews = (body: NewsUpdateBody) => callApi('news/update', body);
export const publishNews = (id: number) => callApi('news/publish', { id });
export const unpublishNews = (id: number) => callApi('news/unpublish', { id });
export const deleteNews = (id: number) => callApi('news/delete', { id });
