/** The page side of the bridge: hidden elements, element text plus an event, and the tab's visibility. */
import { returnToConsole } from '@/extensionBridge/browser';
import { createDomTransport } from '@/extensionBridge/domTransport';
import { BRIDGE_ELEMENT_IDS, BRIDGE_EVENT } from '#contract/pluginProtocol';

jest.mock('@/extensionBridge/dialogs', () => ({ dialogs: {} }));

function pluginWrites(text: string) {
  const inbox = document.getElementById(BRIDGE_ELEMENT_IDS.toConsole)!;
  inbox.textContent = text;
  inbox.dispatchEvent(new CustomEvent(BRIDGE_EVENT));
}

function setVisibility(state: 'hidden' | 'visible') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('DOM transport', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('puts two hidden elements in the page, once', () => {
    createDomTransport();
    createDomTransport();
    for (const id of Object.values(BRIDGE_ELEMENT_IDS)) {
      const elements = document.querySelectorAll(`#${id}`);
      expect(elements).toHaveLength(1);
      expect((elements[0] as HTMLElement).hidden).toBe(true);
    }
  });

  it('writes a message as the outbox text and announces it with the event', () => {
    const transport = createDomTransport();
    const outbox = document.getElementById(BRIDGE_ELEMENT_IDS.toPlugin)!;
    const seen: string[] = [];
    outbox.addEventListener(BRIDGE_EVENT, () => seen.push(outbox.textContent ?? ''));
    transport.send({ type: 'token', data: { token: 't', nonce: 'AAAAAAAAAAAAAAAAAAAAAA' } });
    expect(seen.map((text) => JSON.parse(text))).toEqual([{ type: 'token', data: { token: 't', nonce: 'AAAAAAAAAAAAAAAAAAAAAA' } }]);
  });

  it('hands well-formed plug-in messages to the listener, and ignores the rest with a warning', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const transport = createDomTransport();
    const received: unknown[] = [];
    const unsubscribe = transport.subscribe((message) => received.push(message));
    pluginWrites('{"type":"end","data":{}}');
    pluginWrites('garbage');
    pluginWrites('{"type":"nope"}');
    expect(received).toEqual([{ type: 'end', data: {} }]);
    expect(warn).toHaveBeenCalledTimes(2);
    unsubscribe();
    pluginWrites('{"type":"end","data":{}}');
    expect(received).toHaveLength(1);
    warn.mockRestore();
  });
});

describe('returnToConsole', () => {
  it('resolves once the tab was left and is visible again', async () => {
    setVisibility('visible');
    let done = false;
    const back = returnToConsole(1_000).then(() => (done = true));
    setVisibility('hidden');
    await Promise.resolve();
    expect(done).toBe(false);
    setVisibility('visible');
    await back;
    expect(done).toBe(true);
  });

  it('resolves on the return to visible even when the hidden event was missed (a frozen background tab)', async () => {
    setVisibility('visible');
    const back = returnToConsole(1_000);
    setVisibility('visible');
    await expect(back).resolves.toBeUndefined();
  });

  it('does not give up while the tab is hidden at the deadline', async () => {
    setVisibility('visible');
    let settled = false;
    const back = returnToConsole(20).then(
      () => (settled = true),
      () => (settled = true),
    );
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(settled).toBe(false);
    setVisibility('visible');
    await back;
    expect(settled).toBe(true);
  });

  it('rejects when the tab is never left', async () => {
    setVisibility('visible');
    await expect(returnToConsole(20)).rejects.toThrow('never left');
  });
});
