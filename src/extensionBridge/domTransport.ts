/**
 * The bridge's page side: two hidden elements, one per direction. A message is the element's text
 * (JSON `{ type, data }`) followed by a `plugin-bridge-message` event on that element; the plug-in's
 * content script does the same on the other element. See docs/plugin-protocol.md.
 */
import { BRIDGE_ELEMENT_IDS, BRIDGE_EVENT, parsePluginMessage, serialize } from '#contract/pluginProtocol';
import type { PluginTransport } from './controller';

function hiddenElement(doc: Document, id: string): HTMLElement {
  let element = doc.getElementById(id);
  if (!element) {
    element = doc.createElement('div');
    element.id = id;
    element.hidden = true;
    element.setAttribute('aria-hidden', 'true');
    doc.body.appendChild(element);
  }
  return element;
}

export function createDomTransport(doc: Document = document): PluginTransport {
  const outbox = hiddenElement(doc, BRIDGE_ELEMENT_IDS.toPlugin);
  const inbox = hiddenElement(doc, BRIDGE_ELEMENT_IDS.toConsole);
  return {
    send(message) {
      outbox.textContent = serialize(message);
      outbox.dispatchEvent(new CustomEvent(BRIDGE_EVENT));
    },
    subscribe(listener) {
      const onMessage = () => {
        const message = parsePluginMessage(inbox.textContent ?? '');
        if (message) listener(message);
        else console.warn('[plugin-bridge] ignored a malformed or unknown message', inbox.textContent);
      };
      inbox.addEventListener(BRIDGE_EVENT, onMessage);
      return () => inbox.removeEventListener(BRIDGE_EVENT, onMessage);
    },
  };
}
