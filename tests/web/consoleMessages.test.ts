/** The plug-in's reader of the console's messages (the reference extension's bridge uses it). */
import { parseConsoleMessage, PLUGIN_PROTOCOL_VERSION } from '#contract/pluginProtocol';

const NONCE = 'Zx9_-Zx9_-Zx9_-Zx9_-Zx';

describe('parseConsoleMessage', () => {
  it('reads every message the console sends', () => {
    expect(
      parseConsoleMessage(JSON.stringify({ type: 'hello', data: { protocolVersion: PLUGIN_PROTOCOL_VERSION, nonce: NONCE } })),
    ).toEqual({
      type: 'hello',
      data: { protocolVersion: PLUGIN_PROTOCOL_VERSION, nonce: NONCE },
    });
    expect(parseConsoleMessage({ type: 'token', data: { token: null, nonce: NONCE } })).toEqual({
      type: 'token',
      data: { token: null, nonce: NONCE },
    });
    expect(parseConsoleMessage({ type: 'token', data: { token: 'pt_abc', nonce: NONCE } })).toEqual({
      type: 'token',
      data: { token: 'pt_abc', nonce: NONCE },
    });
    expect(
      parseConsoleMessage({
        type: 'set',
        data: { values: { 'start-bind-shop': true, 'product-id-list': ['1', '2'], 'shop-status': 'fail', url: 'https://x/' } },
      }),
    ).toEqual({
      type: 'set',
      data: { values: { 'start-bind-shop': true, 'product-id-list': ['1', '2'], 'shop-status': 'fail', url: 'https://x/' } },
    });
    expect(parseConsoleMessage({ type: 'get', data: { requestId: 'r1', keys: ['shop-status', 'shop-message'] } })).toEqual({
      type: 'get',
      data: { requestId: 'r1', keys: ['shop-status', 'shop-message'] },
    });
    expect(parseConsoleMessage('{"type":"clean","data":{}}')).toEqual({ type: 'clean', data: {} });
    // Protocol 2.
    expect(parseConsoleMessage({ type: 'refreshScripts', data: { extra: 1 } })).toEqual({ type: 'refreshScripts', data: {} });
  });

  it('drops unknown data keys but refuses a known key of the wrong type', () => {
    expect(parseConsoleMessage({ type: 'set', data: { values: { other: 1, 'shop-type': 'tiktok' } } })).toEqual({
      type: 'set',
      data: { values: { 'shop-type': 'tiktok' } },
    });
    expect(parseConsoleMessage({ type: 'set', data: { values: { 'start-bind-shop': 'yes' } } })).toBeNull();
    expect(parseConsoleMessage({ type: 'set', data: { values: { 'product-id-list': [1, 2] } } })).toBeNull();
    expect(parseConsoleMessage({ type: 'set', data: { values: { 'shop-status': 'maybe' } } })).toBeNull();
  });

  it.each([
    ['not json', '{type'],
    ['no type', '{"data":{}}'],
    ['unknown type', '{"type":"explode","data":{}}'],
    ['a plug-in message', '{"type":"start","data":{"protocolVersion":1}}'],
    ['hello without a version', `{"type":"hello","data":{"nonce":"${NONCE}"}}`],
    ['hello without a nonce (protocol 2)', '{"type":"hello","data":{"protocolVersion":2}}'],
    ['hello with a nonce that is not 16 bytes of base64url', '{"type":"hello","data":{"protocolVersion":3,"nonce":"short"}}'],
    ['token of the wrong type', `{"type":"token","data":{"token":5,"nonce":"${NONCE}"}}`],
    ['token without a nonce (protocol 2)', '{"type":"token","data":{"token":"abc"}}'],
    ['get with an unknown key', '{"type":"get","data":{"requestId":"r","keys":["password"]}}'],
    ['get without a request id', '{"type":"get","data":{"keys":[]}}'],
    ['an array', '[]'],
    ['null', 'null'],
  ])('ignores %s', (_name, text) => {
    expect(parseConsoleMessage(text)).toBeNull();
  });
});
