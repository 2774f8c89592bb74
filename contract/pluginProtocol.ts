/**
 * The console ↔ plug-in bridge protocol (docs/plugin-protocol.md): the message shapes both sides
 * and the tests share. Messages are JSON `{ type, data }` written into hidden page elements.
 */

/**
 * Bumped when messages are added or changed; sent in the handshake by both sides. Version 2 added
 * `refreshScripts` (console → plug-in) and `release` (plug-in → console). Version 3: `token` carries
 * a plug-in token (`plugin/token`), never the console session's own, and only in answer to a `start`
 * that names this page's `hello` nonce (docs/plugin-protocol.md).
 */
export const PLUGIN_PROTOCOL_VERSION = 3;

/**
 * The oldest protocol the console hands a token to. An older plug-in expected the session's bearer
 * token in the page: it gets nothing and is told to update (插件版本过低).
 */
export const MIN_TOKEN_PROTOCOL_VERSION = 3;

/** A `hello` nonce: 128 random bits, base64url (22 characters). */
export const NONCE_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** Hidden elements the console puts in the page: one per direction. */
export const BRIDGE_ELEMENT_IDS = {
  /** The console writes here; the plug-in reads. */
  toPlugin: 'plugin-bridge-to-plugin',
  /** The plug-in writes here; the console reads. */
  toConsole: 'plugin-bridge-to-console',
} as const;

/** Dispatched on an element after its content was written (a MutationObserver also works). */
export const BRIDGE_EVENT = 'plugin-bridge-message';

/** The plug-in's data keys (legacy §3). */
export const PLUGIN_DATA_KEYS = {
  runJoinCreator: 'run-join-creator',
  startBindShop: 'start-bind-shop',
  shopType: 'shop-type',
  shopStatus: 'shop-status',
  shopMessage: 'shop-message',
  productIdList: 'product-id-list',
  url: 'url',
  /** (version 3) The bind the console started (`shop/bindStart`): the plug-in reports the shop with it. */
  bindId: 'bind-id',
  /** (version 3) The run the console started for this flow (`run/start`, decimal): the plug-in reports into it. */
  runId: 'run-id',
} as const;

export type PluginDataKey = (typeof PLUGIN_DATA_KEYS)[keyof typeof PLUGIN_DATA_KEYS];

export interface PluginData {
  'run-join-creator': boolean;
  'start-bind-shop': boolean;
  'shop-type': string;
  'shop-status': 'success' | 'fail';
  'shop-message': string;
  'product-id-list': string[];
  url: string;
  'bind-id': string;
  'run-id': string;
}

export type FlowType = 'clean' | 'bind' | 'stop';
export type FlowStatus = 'success' | 'fail';

/** Console → plug-in. */
export type ConsoleMessage =
  /** `nonce` is this page's: the console answers only a `start` that names it. */
  | { type: 'hello'; data: { protocolVersion: number; nonce: string } }
  /** A plug-in token (null: nobody is logged in), for the `start` that named `nonce`. */
  | { type: 'token'; data: { token: string | null; nonce: string } }
  | { type: 'set'; data: { values: Partial<PluginData> } }
  | { type: 'get'; data: { requestId: string; keys: PluginDataKey[] } }
  | { type: 'clean'; data: Record<string, never> }
  /** Fetch the scripts now (a script was saved in this browser, or a flow is about to start). */
  | { type: 'refreshScripts'; data: Record<string, never> };

/**
 * A published release of the plug-in, as `plugin/latestRelease` answers it (contract/api/plugin.ts
 * checks that its schema is this shape) and the `release` message carries it.
 */
export interface PluginRelease {
  version: string;
  changelog: string;
  downloadUrl: string;
  minSupportedVersion: string;
  releasedAt: string | null;
}

/** What `plugin/latestRelease` answers for the plug-in's version, and the `release` message's data. */
export interface PluginReleaseState {
  latest: PluginRelease | null;
  supported: boolean;
  updateAvailable: boolean;
}

/** Plug-in → console. */
export type PluginMessage =
  /** `nonce` is the `hello`'s the plug-in answers; null when it announces itself unprompted (the console then says `hello`). */
  | { type: 'start'; data: { protocolVersion: number; pluginVersion: string; nonce: string | null } }
  | { type: 'end'; data: Record<string, never> }
  | { type: 'values'; data: { requestId: string; values: Partial<PluginData> } }
  | { type: 'result'; data: { type: FlowType; status: FlowStatus; message?: string } }
  /** The newest published release, and whether this plug-in is still supported (sent after `start` and on every change). */
  | { type: 'release'; data: PluginReleaseState };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `{ type, data }` from the element's text (or an already parsed value); null when it is not one. */
function readEnvelope(raw: unknown): { type: string; data: Record<string, unknown> } | null {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  if (!isObject(value) || typeof value.type !== 'string') return null;
  return { type: value.type, data: isObject(value.data) ? value.data : {} };
}

const FLOW_TYPES: readonly string[] = ['clean', 'bind', 'stop'];

const isNonce = (value: unknown): value is string => typeof value === 'string' && NONCE_PATTERN.test(value);

const isHttpUrl = (value: unknown): value is string => typeof value === 'string' && /^https?:\/\/\S+$/i.test(value);

/** The release the plug-in reports; null unless every field has its type (the download link only http(s)). */
function releaseOf(value: unknown): PluginRelease | null {
  if (!isObject(value)) return null;
  const { version, changelog, downloadUrl, minSupportedVersion, releasedAt } = value;
  if (typeof version !== 'string' || typeof changelog !== 'string' || typeof minSupportedVersion !== 'string') return null;
  if (!isHttpUrl(downloadUrl) || !(releasedAt === null || releasedAt === undefined || typeof releasedAt === 'string')) return null;
  return { version, changelog, downloadUrl, minSupportedVersion, releasedAt: releasedAt ?? null };
}

function releaseStateOf(data: Record<string, unknown>): PluginReleaseState | null {
  if (typeof data.supported !== 'boolean' || typeof data.updateAvailable !== 'boolean') return null;
  const latest = data.latest === null ? null : releaseOf(data.latest);
  if (data.latest !== null && !latest) return null;
  return { latest, supported: data.supported, updateAvailable: data.updateAvailable };
}
const FLOW_STATUSES: readonly string[] = ['success', 'fail'];

/**
 * Reads a message the plug-in wrote. Answers null for anything malformed or unknown: the console
 * ignores it (and logs), it never throws into the page.
 */
export function parsePluginMessage(raw: unknown): PluginMessage | null {
  const envelope = readEnvelope(raw);
  if (!envelope) return null;
  const { data } = envelope;
  switch (envelope.type) {
    case 'start':
      return typeof data.protocolVersion === 'number'
        ? {
            type: 'start',
            data: {
              protocolVersion: data.protocolVersion,
              pluginVersion:
                typeof data.pluginVersion === 'string' || typeof data.pluginVersion === 'number' ? String(data.pluginVersion) : '',
              nonce: isNonce(data.nonce) ? data.nonce : null,
            },
          }
        : null;
    case 'end':
      return { type: 'end', data: {} };
    case 'values':
      return typeof data.requestId === 'string' && isObject(data.values)
        ? { type: 'values', data: { requestId: data.requestId, values: data.values } }
        : null;
    case 'result':
      return typeof data.type === 'string' &&
        FLOW_TYPES.includes(data.type) &&
        typeof data.status === 'string' &&
        FLOW_STATUSES.includes(data.status)
        ? {
            type: 'result',
            data: {
              type: data.type as FlowType,
              status: data.status as FlowStatus,
              ...(typeof data.message === 'string' ? { message: data.message } : {}),
            },
          }
        : null;
    case 'release': {
      const state = releaseStateOf(data);
      return state ? { type: 'release', data: state } : null;
    }
    default:
      return null;
  }
}

export const serialize = (message: ConsoleMessage | PluginMessage): string => JSON.stringify(message);

const DATA_KEYS: readonly string[] = Object.values(PLUGIN_DATA_KEYS);
const isDataKey = (key: unknown): key is PluginDataKey => typeof key === 'string' && DATA_KEYS.includes(key);

/** Only the known data keys of `values`, each with a value of its type. */
function pluginDataOf(values: Record<string, unknown>): Partial<PluginData> | null {
  const data: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (!isDataKey(key)) continue;
    const ok =
      key === PLUGIN_DATA_KEYS.runJoinCreator || key === PLUGIN_DATA_KEYS.startBindShop
        ? typeof value === 'boolean'
        : key === PLUGIN_DATA_KEYS.productIdList
          ? Array.isArray(value) && value.every((id) => typeof id === 'string')
          : key === PLUGIN_DATA_KEYS.shopStatus
            ? typeof value === 'string' && FLOW_STATUSES.includes(value)
            : typeof value === 'string';
    if (!ok) return null;
    data[key] = value;
  }
  return data;
}

/**
 * Reads a message the console wrote (the plug-in's side). Answers null for anything malformed or
 * unknown, a data key of the wrong type included: the plug-in ignores it, it never throws.
 */
export function parseConsoleMessage(raw: unknown): ConsoleMessage | null {
  const envelope = readEnvelope(raw);
  if (!envelope) return null;
  const { data } = envelope;
  switch (envelope.type) {
    case 'hello':
      return typeof data.protocolVersion === 'number' && isNonce(data.nonce)
        ? { type: 'hello', data: { protocolVersion: data.protocolVersion, nonce: data.nonce } }
        : null;
    case 'token':
      return (typeof data.token === 'string' || data.token === null) && isNonce(data.nonce)
        ? { type: 'token', data: { token: data.token, nonce: data.nonce } }
        : null;
    case 'set': {
      const values = isObject(data.values) ? pluginDataOf(data.values) : null;
      return values ? { type: 'set', data: { values } } : null;
    }
    case 'get':
      return typeof data.requestId === 'string' && Array.isArray(data.keys) && data.keys.every(isDataKey)
        ? { type: 'get', data: { requestId: data.requestId, keys: data.keys } }
        : null;
    case 'clean':
      return { type: 'clean', data: {} };
    case 'refreshScripts':
      return { type: 'refreshScripts', data: {} };
    default:
      return null;
  }
}
