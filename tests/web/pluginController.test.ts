/** The plug-in flows of legacy §4, step by step, against a protocol double. */
import { PluginController, type PluginEnvironment, type PluginTransport } from '@/extensionBridge/controller';
import { JOIN_CREATOR_TAB_NAME } from '#contract/constants';
import { parsePluginMessage, PLUGIN_PROTOCOL_VERSION, type ConsoleMessage, type PluginMessage } from '#contract/pluginProtocol';

/** The plug-in's side of the bridge, as a test double with a storage of its own. */
class FakePlugin implements PluginTransport {
  readonly sent: ConsoleMessage[] = [];
  readonly storage: Record<string, unknown> = {};
  /** The nonce of the console's last `hello`, which a real plug-in answers with. */
  nonce: string | null = null;
  private listener: ((message: PluginMessage) => void) | null = null;
  answersGets = true;
  answersClean: 'success' | 'fail' | null = 'success';

  send(message: ConsoleMessage): void {
    this.sent.push(message);
    if (message.type === 'hello') this.nonce = message.data.nonce;
    if (message.type === 'set') Object.assign(this.storage, message.data.values);
    if (message.type === 'get' && this.answersGets) {
      const values = Object.fromEntries(message.data.keys.map((key) => [key, this.storage[key]]));
      queueMicrotask(() => this.emit({ type: 'values', data: { requestId: message.data.requestId, values } }));
    }
    if (message.type === 'clean' && this.answersClean) {
      for (const key of Object.keys(this.storage)) delete this.storage[key];
      const status = this.answersClean;
      queueMicrotask(() => this.emit({ type: 'result', data: { type: 'clean', status } }));
    }
  }

  subscribe(listener: (message: PluginMessage) => void) {
    this.listener = listener;
    return () => {
      this.listener = null;
    };
  }

  emit(message: PluginMessage): void {
    this.listener?.(message);
  }

  /** Writes raw text as the plug-in would, through the parser the real bridge uses. */
  emitRaw(raw: string): void {
    const message = parsePluginMessage(raw);
    if (message) this.emit(message);
  }

  connect(): void {
    this.emit({ type: 'start', data: { protocolVersion: PLUGIN_PROTOCOL_VERSION, pluginVersion: '1.2.3', nonce: this.nonce } });
  }

  /** What the console sent besides the handshake (hello and token, which arrive when the server answers). */
  flowMessages(): ConsoleMessage[] {
    return this.sent.filter((message) => message.type !== 'hello' && message.type !== 'token');
  }

  tokensSent(): Array<Extract<ConsoleMessage, { type: 'token' }>['data']> {
    return this.sent.flatMap((message) => (message.type === 'token' ? [message.data] : []));
  }

  setsOf(): Record<string, unknown>[] {
    return this.sent
      .filter((message) => message.type === 'set')
      .map((message) => (message as { data: { values: Record<string, unknown> } }).data.values);
  }
}

function environment(overrides: Partial<PluginEnvironment> = {}) {
  const dialogs = {
    bindSucceeded: jest.fn(),
    bindFailed: jest.fn(),
    cleanSucceeded: jest.fn(),
    stopped: jest.fn(),
    notConnected: jest.fn(),
    outdated: jest.fn(),
    protocolOutdated: jest.fn(),
    noAnswer: jest.fn(),
    joinRefused: jest.fn(),
  };
  let runs = 40;
  let back: () => void = () => {};
  const env = {
    openTab: jest.fn(() => true),
    returnToConsole: jest.fn(() => new Promise<void>((resolve) => (back = resolve))),
    pluginToken: jest.fn(async (): Promise<string | null> => 'pt_plugin-1'),
    startBind: jest.fn(async (): Promise<{ bindId: string } | { message: string }> => ({ bindId: 'bd_bind-1' })),
    startRun: jest.fn(async (..._args: Parameters<PluginEnvironment['startRun']>): Promise<{ runId: number } | { message: string }> => ({
      runId: (runs += 1),
    })),
    newNonce: jest.fn(() => NONCE),
    dialogs,
    ...overrides,
  };
  return { env, dialogs, comeBack: () => back() };
}

const CREATOR = { url: 'https://creator.example/', platform: 'tiktok' } as const;
const TIMEOUTS = { answerMs: 50, leaveMs: 50 };
const NONCE = 'AAAAAAAAAAAAAAAAAAAAAA';
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('plug-in connection', () => {
  it("starts disconnected, says hello with its nonce, connects on the 'start' naming it and sends a plug-in token, disconnects on 'end'", async () => {
    const plugin = new FakePlugin();
    const { env } = environment();
    const controller = new PluginController(plugin, env, TIMEOUTS);
    expect(controller.current.connected).toBe(false);
    expect(plugin.sent[0]).toEqual({ type: 'hello', data: { protocolVersion: PLUGIN_PROTOCOL_VERSION, nonce: NONCE } });
    plugin.connect();
    expect(controller.current).toMatchObject({ connected: true, pluginVersion: '1.2.3', protocolOutdated: false });
    await flush();
    expect(plugin.sent.at(-1)).toEqual({ type: 'token', data: { token: 'pt_plugin-1', nonce: NONCE } });
    expect(env.pluginToken).toHaveBeenCalledTimes(1);
    plugin.emit({ type: 'end', data: {} });
    expect(controller.current.connected).toBe(false);
  });

  it("answers a 'start' without this page's nonce with a hello, never with a token", async () => {
    const plugin = new FakePlugin();
    const { env } = environment();
    const controller = new PluginController(plugin, env, TIMEOUTS);
    // A plug-in that loaded after the console announces itself unprompted; a forged start names another nonce.
    for (const nonce of [null, 'BBBBBBBBBBBBBBBBBBBBBB']) {
      plugin.emit({ type: 'start', data: { protocolVersion: PLUGIN_PROTOCOL_VERSION, pluginVersion: '1.2.3', nonce } });
      await flush();
    }
    expect(plugin.tokensSent()).toEqual([]);
    expect(env.pluginToken).not.toHaveBeenCalled();
    expect(controller.current.connected).toBe(false);
    expect(plugin.sent.map((message) => message.type)).toEqual(['hello', 'hello', 'hello']);
    // The plug-in answers the hello it was sent: now it is connected, and gets its token.
    plugin.connect();
    await flush();
    expect(plugin.tokensSent()).toEqual([{ token: 'pt_plugin-1', nonce: NONCE }]);
  });

  it('an old plug-in (protocol 2) gets no token and is told to update: bind, join and stop say 插件版本过低, clean runs', async () => {
    const plugin = new FakePlugin();
    const { env, dialogs } = environment();
    const controller = new PluginController(plugin, env, TIMEOUTS);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    plugin.emit({ type: 'start', data: { protocolVersion: 2, pluginVersion: '0.9.0', nonce: null } });
    await controller.sendToken();
    await flush();
    expect(controller.current).toMatchObject({ connected: true, pluginVersion: '0.9.0', protocolOutdated: true });
    expect(plugin.tokensSent()).toEqual([]);
    expect(env.pluginToken).not.toHaveBeenCalled();
    expect(await controller.bindShop({ shopType: 'tiktok', url: 'https://shop.example/' })).toBe(false);
    expect(await controller.joinCreator(['1'], CREATOR)).toBe(false);
    expect(await controller.stop(CREATOR)).toBe(false);
    expect(dialogs.protocolOutdated).toHaveBeenCalledTimes(3);
    expect(dialogs.protocolOutdated).toHaveBeenCalledWith('0.9.0');
    expect(env.openTab).not.toHaveBeenCalled();
    expect(await controller.clean()).toBe(true);
    // Updated and reconnected: it is no longer outdated.
    plugin.emit({ type: 'end', data: {} });
    plugin.connect();
    expect(controller.current.protocolOutdated).toBe(false);
    warn.mockRestore();
  });

  it('re-sends a plug-in token after a login (null after a logout), only to a connected plug-in', async () => {
    const plugin = new FakePlugin();
    let token: string | null = 'pt_plugin-1';
    const controller = new PluginController(plugin, environment({ pluginToken: async () => token }).env, TIMEOUTS);
    await controller.sendToken();
    expect(plugin.tokensSent()).toEqual([]);
    plugin.connect();
    await flush();
    token = null;
    await controller.sendToken();
    expect(plugin.tokensSent()).toEqual([
      { token: 'pt_plugin-1', nonce: NONCE },
      { token: null, nonce: NONCE },
    ]);
  });

  it('sends only the newest of two token requests that overlap (a logout right after a login)', async () => {
    const plugin = new FakePlugin();
    const answers: Array<(token: string | null) => void> = [];
    const pluginToken = () => new Promise<string | null>((resolve) => answers.push(resolve));
    const controller = new PluginController(plugin, environment({ pluginToken }).env, TIMEOUTS);
    plugin.connect();
    const second = controller.sendToken();
    answers[1](null);
    await second;
    answers[0]('pt_stale');
    await flush();
    expect(plugin.tokensSent()).toEqual([{ token: null, nonce: NONCE }]);
  });

  it('ignores malformed and unknown messages without throwing', () => {
    const plugin = new FakePlugin();
    const controller = new PluginController(plugin, environment().env, TIMEOUTS);
    for (const raw of [
      'not json',
      '42',
      '{"type":7}',
      '{"type":"explode","data":{}}',
      '{"type":"start","data":{}}',
      '{"type":"result","data":{"type":"clean","status":"maybe"}}',
    ]) {
      expect(() => plugin.emitRaw(raw)).not.toThrow();
    }
    expect(controller.current.connected).toBe(false);
    plugin.emitRaw(JSON.stringify({ type: 'start', data: { protocolVersion: 3, pluginVersion: '2.0.0', nonce: NONCE } }));
    expect(controller.current.connected).toBe(true);
  });

  it("every action says '插件未连接' instead of failing silently when the plug-in is not connected", async () => {
    const plugin = new FakePlugin();
    const { env, dialogs } = environment();
    const controller = new PluginController(plugin, env, TIMEOUTS);
    expect(await controller.bindShop({ shopType: 'tiktok', url: 'https://shop.example/' })).toBe(false);
    expect(await controller.joinCreator(['1'], CREATOR)).toBe(false);
    expect(await controller.stop(CREATOR)).toBe(false);
    expect(await controller.clean()).toBe(false);
    expect(dialogs.notConnected).toHaveBeenCalledTimes(4);
    expect(env.openTab).not.toHaveBeenCalled();
    expect(plugin.sent.filter((message) => message.type !== 'hello')).toEqual([]);
  });
});

describe('bind flow', () => {
  it('marks started, stores the shop type, opens the shop, waits for the return, reads the result, reports success, resets', async () => {
    const plugin = new FakePlugin();
    const { env, dialogs, comeBack } = environment();
    const controller = new PluginController(plugin, env, TIMEOUTS);
    plugin.connect();
    const flow = controller.bindShop({ shopType: 'tiktok', url: 'https://shop.example/bind' });
    await flush();
    // The plug-in is asked for its newest scripts before anything else: a staff edit applies to this bind.
    expect(plugin.flowMessages()[0]).toEqual({ type: 'refreshScripts', data: {} });
    // The bind id the server issued and the bind's run reach the plug-in before the start flag (it
    // reports the shop with the one and how the bind went into the other).
    expect(env.startBind).toHaveBeenCalledTimes(1);
    expect(env.startRun).toHaveBeenCalledWith('bind', 'tiktok');
    expect(plugin.setsOf()).toEqual([{ 'bind-id': 'bd_bind-1', 'run-id': '41' }, { 'start-bind-shop': true }, { 'shop-type': 'tiktok' }]);
    expect(env.openTab).toHaveBeenCalledWith('https://shop.example/bind');
    expect(controller.current.running).toBe('bind');
    // The plug-in binds in the shop tab and records the outcome; then the user comes back.
    Object.assign(plugin.storage, { 'shop-status': 'success', 'shop-message': '' });
    comeBack();
    expect(await flow).toBe(true);
    expect(dialogs.bindSucceeded).toHaveBeenCalledTimes(1);
    expect(dialogs.bindFailed).not.toHaveBeenCalled();
    expect(plugin.setsOf().at(-1)).toEqual({ 'start-bind-shop': false });
    expect(controller.current.running).toBeNull();
  });

  it("reports failure with the plug-in's message, or the default when it has none", async () => {
    for (const [message, expected] of [
      ['店铺未登录', '店铺未登录'],
      ['', undefined],
    ] as const) {
      const plugin = new FakePlugin();
      const { env, dialogs, comeBack } = environment();
      const controller = new PluginController(plugin, env, TIMEOUTS);
      plugin.connect();
      const flow = controller.bindShop({ shopType: 'tiktok', url: 'https://shop.example/' });
      Object.assign(plugin.storage, { 'shop-status': 'fail', 'shop-message': message });
      await flush();
      comeBack();
      await flow;
      expect(dialogs.bindFailed).toHaveBeenCalledWith(expected);
      expect(plugin.storage['start-bind-shop']).toBe(false);
    }
  });

  it('a bind whose tab is never left fails and resets the flags', async () => {
    const plugin = new FakePlugin();
    const { env, dialogs } = environment({ returnToConsole: jest.fn(() => Promise.reject(new Error('never left'))) });
    const controller = new PluginController(plugin, env, TIMEOUTS);
    plugin.connect();
    await controller.bindShop({ shopType: 'tiktok', url: 'https://shop.example/' });
    expect(dialogs.bindFailed).toHaveBeenCalledTimes(1);
    expect(plugin.storage['start-bind-shop']).toBe(false);
    expect(controller.current.running).toBeNull();
  });

  it('a plug-in that never answers the read fails the bind instead of hanging', async () => {
    const plugin = new FakePlugin();
    plugin.answersGets = false;
    const { env, dialogs, comeBack } = environment();
    const controller = new PluginController(plugin, env, TIMEOUTS);
    plugin.connect();
    const flow = controller.bindShop({ shopType: 'tiktok', url: 'https://shop.example/' });
    await flush();
    comeBack();
    await flow;
    expect(dialogs.bindFailed).toHaveBeenCalledTimes(1);
    expect(plugin.storage['start-bind-shop']).toBe(false);
  });

  it("a bind the server refuses (no membership) says the server's words and starts nothing in the plug-in", async () => {
    const plugin = new FakePlugin();
    const { env, dialogs } = environment({ startBind: jest.fn(async () => ({ message: '开通会员后才能绑定店铺' })) });
    const controller = new PluginController(plugin, env, TIMEOUTS);
    plugin.connect();
    expect(await controller.bindShop({ shopType: 'tiktok', url: 'https://shop.example/' })).toBe(true);
    expect(dialogs.bindFailed).toHaveBeenCalledWith('开通会员后才能绑定店铺');
    expect(plugin.setsOf()).toEqual([]);
    expect(env.returnToConsole).not.toHaveBeenCalled();
    expect(controller.current.running).toBeNull();
  });

  it('a blocked tab fails at once and resets', async () => {
    const plugin = new FakePlugin();
    const { env, dialogs } = environment({ openTab: jest.fn(() => false) });
    const controller = new PluginController(plugin, env, TIMEOUTS);
    plugin.connect();
    await controller.bindShop({ shopType: 'tiktok', url: 'https://shop.example/' });
    expect(dialogs.bindFailed).toHaveBeenCalledWith(expect.stringContaining('弹出窗口'));
    expect(env.returnToConsole).not.toHaveBeenCalled();
    expect(env.startBind).not.toHaveBeenCalled();
    expect(plugin.storage['start-bind-shop']).toBeUndefined();
  });

  it('a second click while a flow runs does not start a second flow', async () => {
    const plugin = new FakePlugin();
    const { env, comeBack } = environment();
    const controller = new PluginController(plugin, env, TIMEOUTS);
    plugin.connect();
    const first = controller.bindShop({ shopType: 'tiktok', url: 'https://shop.example/' });
    expect(await controller.bindShop({ shopType: 'tiktok', url: 'https://shop.example/' })).toBe(false);
    expect(await controller.clean()).toBe(false);
    expect(env.openTab).toHaveBeenCalledTimes(1);
    plugin.storage['shop-status'] = 'success';
    comeBack();
    expect(await first).toBe(true);
  });
});

describe('join, stop and clean flows', () => {
  it('join clears the bind flag, sets the join flag, stores the list and the platform and opens the creator page in its named tab', async () => {
    const plugin = new FakePlugin();
    const { env } = environment();
    const controller = new PluginController(plugin, env, TIMEOUTS);
    plugin.connect();
    await controller.joinCreator(['1001', '1002'], CREATOR);
    expect(plugin.flowMessages()[0]).toEqual({ type: 'refreshScripts', data: {} });
    // The join is a run of the server's first; its id comes with the list, which the page starts on.
    expect(env.startRun).toHaveBeenCalledWith('join', 'tiktok', ['1001', '1002']);
    expect(plugin.setsOf()).toEqual([
      { 'start-bind-shop': false },
      { 'run-join-creator': true },
      { 'product-id-list': ['1001', '1002'], url: 'https://creator.example/', 'shop-type': 'tiktok', 'run-id': '41' },
    ]);
    expect(env.openTab).toHaveBeenCalledWith('https://creator.example/', JOIN_CREATOR_TAB_NAME);
  });

  it("stop clears both flags, opens the page and reports '已停止'", async () => {
    const plugin = new FakePlugin();
    const { env, dialogs } = environment();
    const controller = new PluginController(plugin, env, TIMEOUTS);
    plugin.connect();
    await controller.joinCreator(['1001'], CREATOR);
    await controller.stop(CREATOR);
    expect(env.startRun).toHaveBeenLastCalledWith('stop', 'tiktok');
    expect(plugin.setsOf().at(-1)).toEqual({ 'start-bind-shop': false, 'run-join-creator': false, 'run-id': '42' });
    expect(env.openTab).toHaveBeenLastCalledWith('https://creator.example/', JOIN_CREATOR_TAB_NAME);
    expect(dialogs.stopped).toHaveBeenCalledTimes(1);
  });

  it('a join the server refuses (quota, membership) says why and hands the plug-in nothing', async () => {
    const plugin = new FakePlugin();
    const { env, dialogs } = environment({ startRun: jest.fn(async () => ({ message: '当前会员每次最多 2 个商品 ID，已输入 3 个' })) });
    const controller = new PluginController(plugin, env, TIMEOUTS);
    plugin.connect();
    await controller.joinCreator(['1', '2', '3'], CREATOR);
    expect(dialogs.joinRefused).toHaveBeenCalledWith('当前会员每次最多 2 个商品 ID，已输入 3 个');
    expect(plugin.setsOf()).toEqual([]);
    expect(env.openTab).not.toHaveBeenCalled();
    expect(controller.current.running).toBeNull();
  });

  it('a stop the server could not record still stops the plug-in', async () => {
    const plugin = new FakePlugin();
    const { env, dialogs } = environment({ startRun: jest.fn(async () => ({ message: '网络异常' })) });
    const controller = new PluginController(plugin, env, TIMEOUTS);
    plugin.connect();
    await controller.stop(CREATOR);
    expect(plugin.setsOf().at(-1)).toEqual({ 'start-bind-shop': false, 'run-join-creator': false });
    expect(dialogs.stopped).toHaveBeenCalledTimes(1);
  });

  it("clean clears the plug-in's data and reports success", async () => {
    const plugin = new FakePlugin();
    const { env, dialogs } = environment();
    const controller = new PluginController(plugin, env, TIMEOUTS);
    plugin.connect();
    await controller.joinCreator(['1001'], CREATOR);
    expect(await controller.clean()).toBe(true);
    expect(plugin.storage).toEqual({});
    expect(dialogs.cleanSucceeded).toHaveBeenCalledTimes(1);
  });

  it('clean without an answer says the plug-in did not answer', async () => {
    const plugin = new FakePlugin();
    plugin.answersClean = null;
    const { env, dialogs } = environment();
    const controller = new PluginController(plugin, env, TIMEOUTS);
    plugin.connect();
    await controller.clean();
    expect(dialogs.cleanSucceeded).not.toHaveBeenCalled();
    expect(dialogs.noAnswer).toHaveBeenCalledTimes(1);
  });
});

describe('releases (protocol 2)', () => {
  const LATEST = {
    version: '1.3.0',
    changelog: '修复绑定',
    downloadUrl: 'https://downloads.example.com/plugin-1.3.0.zip',
    minSupportedVersion: '1.3.0',
    releasedAt: '2026-11-20T08:00:00.000Z',
  };
  const outdated = { latest: LATEST, supported: false, updateAvailable: true };

  function connected() {
    const plugin = new FakePlugin();
    const { env, dialogs } = environment();
    const controller = new PluginController(plugin, env, TIMEOUTS);
    plugin.connect();
    return { plugin, env, dialogs, controller };
  }

  it("keeps the plug-in's latest release until it reconnects or disconnects", () => {
    const { plugin, controller } = connected();
    expect(controller.current.release).toBeNull();
    const newer = { latest: { ...LATEST, minSupportedVersion: '1.0.0' }, supported: true, updateAvailable: true };
    plugin.emitRaw(JSON.stringify({ type: 'release', data: newer }));
    expect(controller.current.release).toEqual(newer);
    plugin.connect();
    expect(controller.current.release).toBeNull();
    plugin.emit({ type: 'release', data: outdated });
    plugin.emit({ type: 'end', data: {} });
    expect(controller.current.release).toBeNull();
  });

  it('refuses bind, join and stop before sending anything while the plug-in is below the minimum; clean still runs', async () => {
    const { plugin, env, dialogs, controller } = connected();
    plugin.emit({ type: 'release', data: outdated });
    await flush();
    const before = plugin.sent.length;
    expect(await controller.bindShop({ shopType: 'tiktok', url: 'https://shop.example/' })).toBe(false);
    expect(await controller.joinCreator(['1'], CREATOR)).toBe(false);
    expect(await controller.stop(CREATOR)).toBe(false);
    expect(dialogs.outdated).toHaveBeenCalledTimes(3);
    expect(dialogs.outdated).toHaveBeenCalledWith(LATEST, '1.2.3');
    expect(plugin.sent).toHaveLength(before);
    expect(env.openTab).not.toHaveBeenCalled();
    expect(controller.current.running).toBeNull();
    expect(await controller.clean()).toBe(true);

    // Once the plug-in reports a supported version again, the flows run.
    plugin.emit({ type: 'release', data: { ...outdated, supported: true } });
    expect(await controller.joinCreator(['1'], CREATOR)).toBe(true);
    expect(dialogs.outdated).toHaveBeenCalledTimes(3);
  });

  it('a plug-in that never reports a release runs every flow', async () => {
    const plugin = new FakePlugin();
    const { env, dialogs } = environment();
    const controller = new PluginController(plugin, env, TIMEOUTS);
    plugin.connect();
    expect(await controller.joinCreator(['1'], CREATOR)).toBe(true);
    expect(await controller.stop(CREATOR)).toBe(true);
    expect(dialogs.outdated).not.toHaveBeenCalled();
  });

  it('asks a connected plug-in to refresh its scripts, and nobody when none is connected', () => {
    const plugin = new FakePlugin();
    const controller = new PluginController(plugin, environment().env, TIMEOUTS);
    controller.refreshScripts();
    expect(plugin.sent.map((message) => message.type)).toEqual(['hello']);
    plugin.connect();
    controller.refreshScripts();
    expect(plugin.sent.at(-1)).toEqual({ type: 'refreshScripts', data: {} });
  });

  it('ignores a release message of the wrong shape, or with a download link that is not http(s)', () => {
    const { plugin, controller } = connected();
    for (const data of [
      { latest: LATEST, supported: 'no', updateAvailable: true },
      { latest: { ...LATEST, downloadUrl: 'javascript:alert(1)' }, supported: false, updateAvailable: true },
      { latest: { ...LATEST, version: 3 }, supported: false, updateAvailable: true },
      { latest: 'x', supported: true, updateAvailable: false },
    ]) {
      plugin.emitRaw(JSON.stringify({ type: 'release', data }));
    }
    expect(controller.current.release).toBeNull();
    plugin.emitRaw(JSON.stringify({ type: 'release', data: { latest: null, supported: true, updateAvailable: false } }));
    expect(controller.current.release).toEqual({ latest: null, supported: true, updateAvailable: false });
  });
});
