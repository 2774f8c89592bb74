/// <reference types="chrome" />
/**
 * Content script on the console's pages: the plug-in's end of the bridge (docs/plugin-protocol.md).
 * It reads the console's messages from the hidden element, passes them to the service worker, and
 * writes the answers into the other element; it tells the console the latest release the worker
 * found (`release`) after `start` and whenever it changes. It runs on the one console origin the
 * build trusts (consoleOrigin.ts) and takes a token only for the `hello` it answered.
 */
import {
  BRIDGE_ELEMENT_IDS,
  BRIDGE_EVENT,
  parseConsoleMessage,
  PLUGIN_PROTOCOL_VERSION,
  serialize,
  type ConsoleMessage,
  type PluginMessage,
} from '#contract/pluginProtocol';
import { isConsoleOrigin } from './consoleOrigin';
import { askWorker } from './messages';
import { currentCheck, readReleaseCheck, RELEASE_CHECK_KEY, type StoredReleaseCheck } from './releaseCheck';

interface BridgeElements {
  toPlugin: HTMLElement;
  toConsole: HTMLElement;
}

/** The console adds the elements when its client area renders, which may be after this script ran. */
function whenBridgeElements(): Promise<BridgeElements> {
  const find = () => {
    const toPlugin = document.getElementById(BRIDGE_ELEMENT_IDS.toPlugin);
    const toConsole = document.getElementById(BRIDGE_ELEMENT_IDS.toConsole);
    return toPlugin && toConsole ? { toPlugin, toConsole } : null;
  };
  return new Promise((resolve) => {
    const found = find();
    if (found) return resolve(found);
    const observer = new MutationObserver(() => {
      const elements = find();
      if (!elements) return;
      observer.disconnect();
      resolve(elements);
    });
    observer.observe(document.documentElement, { childList: true, subtree: true });
  });
}

/** Calls `onGone` once the extension is disabled, removed or reloaded (its port closes for good). */
function watchExtensionLifetime(onGone: () => void) {
  const connect = () => {
    const port = chrome.runtime.connect({ name: 'bridge' });
    port.onDisconnect.addListener(() => {
      // The worker only went to sleep: connect again. A dead extension has no runtime id any more.
      if (chrome.runtime?.id) connect();
      else onGone();
    });
  };
  connect();
}

async function main() {
  // The manifest already limits this script to the console's pages; a page elsewhere gets no answer.
  if (!isConsoleOrigin(location.origin)) return;
  const { toPlugin, toConsole } = await whenBridgeElements();
  /** The nonce of the console's `hello` this page answered: a `token` must name it. */
  let helloNonce: string | null = null;
  const send = (message: PluginMessage) => {
    toConsole.textContent = serialize(message);
    toConsole.dispatchEvent(new CustomEvent(BRIDGE_EVENT));
  };
  let lastCheckSent = '';
  /** Passes a release check on; never an older one after a newer (the start's read may come late). */
  const sendRelease = (check: StoredReleaseCheck | null) => {
    if (!check || check.checkedAt < lastCheckSent) return;
    lastCheckSent = check.checkedAt;
    send({ type: 'release', data: check.answer });
  };
  const start = (nonce: string | null) => {
    send({ type: 'start', data: { protocolVersion: PLUGIN_PROTOCOL_VERSION, pluginVersion: chrome.runtime.getManifest().version, nonce } });
    // The console forgets the release on 'start': tell it the last one known (a new check follows the token).
    lastCheckSent = '';
    void readReleaseCheck().then(sendRelease);
  };

  async function handle(message: ConsoleMessage) {
    switch (message.type) {
      case 'hello':
        if (message.data.protocolVersion !== PLUGIN_PROTOCOL_VERSION) {
          console.warn('[plug-in] console speaks protocol', message.data.protocolVersion, 'plug-in speaks', PLUGIN_PROTOCOL_VERSION);
        }
        helloNonce = message.data.nonce;
        start(helloNonce);
        return;
      case 'token':
        if (message.data.nonce !== helloNonce) {
          console.warn('[plug-in] ignored a token for another handshake');
          return;
        }
        await askWorker({ kind: 'token', token: message.data.token });
        return;
      case 'set':
        await askWorker({ kind: 'set', values: message.data.values });
        return;
      case 'get': {
        const { values } = await askWorker({ kind: 'get', keys: message.data.keys });
        send({ type: 'values', data: { requestId: message.data.requestId, values } });
        return;
      }
      case 'clean': {
        const answer = await askWorker({ kind: 'clean' });
        send({ type: 'result', data: { type: 'clean', status: answer?.ok ? 'success' : 'fail' } });
        return;
      }
      case 'refreshScripts':
        await askWorker({ kind: 'refreshScripts' });
        return;
    }
  }

  chrome.storage.onChanged.addListener((changes, area) => {
    if (area === 'local' && RELEASE_CHECK_KEY in changes) sendRelease(currentCheck(changes[RELEASE_CHECK_KEY].newValue));
  });

  toPlugin.addEventListener(BRIDGE_EVENT, () => {
    // Read now: the console may overwrite the element with its next message right after this event.
    const text = toPlugin.textContent ?? '';
    const message = parseConsoleMessage(text);
    if (!message) {
      console.warn('[plug-in] ignored a malformed or unknown message', text);
      return;
    }
    handle(message).catch((error) => console.warn('[plug-in] could not handle', message.type, error));
  });
  watchExtensionLifetime(() => send({ type: 'end', data: {} }));
  // Loaded after the console: announce ourselves; the console answers with a 'hello' naming its nonce
  // (a console that loads later sends its 'hello' anyway).
  start(null);
}

void main();
