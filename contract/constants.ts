/** Business constants of legacy §9, in one place. */
export const DEFAULT_PAGE_SIZE = 10;
export const FIRST_PAGE = 1;
/** useRequest `refreshOnWindowFocus` throttle. */
export const FOCUS_REFRESH_TIMESPAN_MS = 5000;
/** useRequest `cacheTime` / `staleTime` for cacheable reads. */
export const REQUEST_CACHE_TIME_MS = 5 * 60 * 1000;
/** Distance from the bottom at which a list loads its next page. */
export const LOAD_MORE_THRESHOLD_PX = 100;
/** webpack `output.chunkLoadTimeout`. */
export const CHUNK_LOAD_TIMEOUT_MS = 120 * 1000;
/** Where built chunks are fetched from. */
export const PUBLIC_PATH = '/';
/** `window.open` target of the creator page in the join flow. */
export const JOIN_CREATOR_TAB_NAME = 'join-creator-page';
/** Legacy framework version string, kept for the plug-in's compatibility checks. */
export const LEGACY_FRAMEWORK_VERSION = '4.1.8';
/** Form layout of legacy §3. */
export const FORM_LAYOUT = { labelCol: { span: 4 }, wrapperCol: { span: 18 } } as const;
/** Prefix of every API call. */
export const API_PREFIX = '/api/admin';
/**
 * The reference extension's version (extension/, its manifest): the demo database's first release
 * (server/seed) is this version, so the extension built from this repository is up to date there.
 */
export const REFERENCE_PLUGIN_VERSION = '1.0.0';

/** At most this many rows in one export (导出, contract/api/exports.ts); the server's config may lower it. */
export const EXPORT_MAX_ROWS = 200_000;

/** The header that names a request on every answer (and that nginx sets towards the instances): see server/http/requestId.ts. */
export const REQUEST_ID_HEADER = 'x-request-id';
