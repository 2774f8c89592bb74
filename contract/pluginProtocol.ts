/**
 * The console ↔ plug-in bridge protocol (docs/plugin-protocol.md): the message shapes both sides
 * and the tests share. Messages are JSON `{ type, data }` written into hidden page elements.
 */
import type { PluginLatestRelease, PluginRelease } from './api/plugin';

/**
 * Bumped when messages are added or changed; sent in the handshake by both sides. Version 2 added
 * `refreshScripts` (console → plug-in) and `release` (plug-in → console); either side ignores a
 * message it does not know, so a version-1 plug-in still works with this console.
 */
export const PLUGIN_PROTOCOL_VERSION = 2;

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
}

export type FlowType = 'clean' | 'bind' | 'stop';
export type FlowStatus = 'success' | 'fail';

/** Console → plug-in. */
export type ConsoleMessage =
  | { type: 'hello'; data: { protocolVersion: number } }
  | { type: 'token'; data: { token: string | null } }
  | { type: 'set'; data: { values: Partial<PluginData> } }
  | { type: 'get'; data: { requestId: string; keys: PluginDataKey[] } }
  | { type: 'clean'; data: Record<string, never> }
  /** Fetch the scripts now (a script was saved in this browser, or a flow is about to start). */
  | { type: 'refreshScripts'; data: Record<string, never> };

/** What `plugin/latestRelease` answered the plug-in for its own version (contract/api/plugin.ts). */
export type PluginReleaseState = PluginLatestRelease;

/** Plug-in → console. */
export type PluginMessage =
  | { type: 'start'; data: { protocolVersion: number; pluginVersion: string } }
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
      return typeof data.protocolVersion === 'number' ? { type: 'hello', data: { protocolVersion: data.protocolVersion } } : null;
    case 'token':
      return typeof data.token === 'string' || data.token === null ? { type: 'token', data: { token: data.token } } : null;
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
