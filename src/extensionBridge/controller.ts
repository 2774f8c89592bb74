/**
 * The console's side of the plug-in bridge: the connection state, the release the plug-in reports
 * (protocol 2), the handshake that hands a plug-in token only to the `start` naming this page's
 * nonce (protocol 3) and the four flows of legacy §4, step by step. Free of React and of the DOM: a
 * transport carries the messages, an environment opens tabs, watches the tab's visibility, asks
 * the server for plug-in tokens and shows the dialogs, so tests drive it with doubles.
 */
import {
  MIN_TOKEN_PROTOCOL_VERSION,
  PLUGIN_DATA_KEYS as KEYS,
  PLUGIN_PROTOCOL_VERSION,
  type ConsoleMessage,
  type FlowStatus,
  type PluginData,
  type PluginDataKey,
  type PluginMessage,
} from '#contract/pluginProtocol';
import type { PluginRelease } from '#contract/api/plugin';
import { JOIN_CREATOR_TAB_NAME } from '#contract/constants';
import type { RunFlow } from '#contract/runs';
import type { ShopPlatform } from '#contract/shops';
import { INITIAL_PLUGIN_STATE, outdatedBy, type FlowName, type PluginState } from './state';

export type { FlowName, PluginState } from './state';

export interface PluginTransport {
  send(message: ConsoleMessage): void;
  /** Calls `listener` with every well-formed message from the plug-in; answers the unsubscribe. */
  subscribe(listener: (message: PluginMessage) => void): () => void;
}

export interface PluginDialogs {
  bindSucceeded(): void;
  bindFailed(message?: string): void;
  cleanSucceeded(): void;
  stopped(): void;
  notConnected(): void;
  /** The plug-in's version is below the latest release's minimum: bind, join and stop are refused. */
  outdated(latest: PluginRelease, pluginVersion: string | null): void;
  /** The plug-in speaks a protocol older than MIN_TOKEN_PROTOCOL_VERSION: bind, join and stop are refused. */
  protocolOutdated(pluginVersion: string | null): void;
  /** The plug-in did not answer in time. */
  noAnswer(): void;
  /** The server refused to start a join (no membership, more ids than the quota…): its words. */
  joinRefused(message: string): void;
}

export interface PluginEnvironment {
  /** Opens `url` in a new tab, or in the tab called `name`; false when the browser refused. */
  openTab(url: string, name?: string): boolean;
  /** Resolves once the console's tab was hidden and is visible again; rejects after `timeoutMs` without leaving. */
  returnToConsole(leaveTimeoutMs: number): Promise<void>;
  /** A plug-in token from the server (`plugin/token`), or null when nobody is logged in or the server refused. */
  pluginToken(): Promise<string | null>;
  /** Starts a bind on the server (`shop/bindStart`): its bind id, or why not (no membership, no connection…). */
  startBind(): Promise<{ bindId: string } | { message: string }>;
  /** Starts the run the plug-in reports into (`run/start`): its id, or why not. */
  startRun(flow: RunFlow, platform: ShopPlatform, productIds?: string[]): Promise<{ runId: number } | { message: string }>;
  /** A fresh `hello` nonce (NONCE_PATTERN): 16 random bytes, base64url. */
  newNonce(): string;
  dialogs: PluginDialogs;
}

export interface BindRequest {
  shopType: ShopPlatform;
  url: string;
}

/** The platform's page where the plug-in joins (and stops) the creator programme. */
export interface CreatorPage {
  url: string;
  platform: ShopPlatform;
}

export interface Timeouts {
  /** How long the plug-in may take to answer a question or confirm a clean. */
  answerMs: number;
  /** How long the console waits for its tab to be left once the shop page was opened. */
  leaveMs: number;
}

export const DEFAULT_TIMEOUTS: Timeouts = { answerMs: 5_000, leaveMs: 15_000 };

let requestCounter = 0;

export class PluginController {
  private state: PluginState = INITIAL_PLUGIN_STATE;
  private readonly listeners = new Set<(state: PluginState) => void>();
  private readonly pendingValues = new Map<string, (values: Partial<PluginData>) => void>();
  private pendingClean: ((status: FlowStatus) => void) | null = null;
  private readonly unsubscribe: () => void;
  /** This page's: a `start` that does not name it is answered with a `hello`, never with a token. */
  private readonly nonce: string;
  /** Counts the tokens asked for, so that only the newest answer is sent (a login right after a start). */
  private tokenRequests = 0;

  constructor(
    private readonly transport: PluginTransport,
    private readonly env: PluginEnvironment,
    private readonly timeouts: Timeouts = DEFAULT_TIMEOUTS,
  ) {
    this.nonce = env.newNonce();
    this.unsubscribe = transport.subscribe((message) => this.receive(message));
    // A plug-in that loaded before the console answers the hello with its own 'start'.
    this.hello();
  }

  get current(): PluginState {
    return this.state;
  }

  onChange(listener: (state: PluginState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  dispose(): void {
    this.unsubscribe();
    this.listeners.clear();
  }

  /** Sends a plug-in token for the current login (null after a logout) to a connected plug-in that speaks protocol 3. */
  async sendToken(): Promise<void> {
    if (!this.state.connected || this.state.protocolOutdated) return;
    const request = (this.tokenRequests += 1);
    const token = await this.env.pluginToken();
    // A newer request (a logout right after a login…) answers for itself; a plug-in gone meanwhile gets nothing.
    if (request !== this.tokenRequests || !this.state.connected) return;
    this.transport.send({ type: 'token', data: { token, nonce: this.nonce } });
  }

  /** Asks a connected plug-in to fetch its scripts now (after a script was saved in this browser). */
  refreshScripts(): void {
    if (this.state.connected) this.transport.send({ type: 'refreshScripts', data: {} });
  }

  /** Bind a shop (legacy §4): answers false when it did not start (not connected, outdated, or a flow runs). */
  bindShop(request: BindRequest): Promise<boolean> {
    return this.run('bind', async () => {
      // The shop page must run the newest scripts: a staff edit applies to the next bind.
      this.transport.send({ type: 'refreshScripts', data: {} });
      // Opened while the click still counts as the user's: after a server call a browser may block it.
      // The page waits a few seconds for the bind to start (the plug-in's start-bind-shop).
      if (!this.env.openTab(request.url)) {
        this.env.dialogs.bindFailed('浏览器阻止了新标签页，请允许弹出窗口后重试');
        return;
      }
      // The plug-in reports the shop with the bind id of this bind, and only then is it taken (issue 29);
      // it reports how the bind went into its run.
      const started = await this.env.startBind();
      if ('message' in started) {
        this.env.dialogs.bindFailed(started.message);
        return;
      }
      const run = await this.env.startRun('bind', request.shopType);
      if ('message' in run) {
        this.env.dialogs.bindFailed(run.message);
        return;
      }
      this.set({ [KEYS.bindId]: started.bindId, [KEYS.runId]: String(run.runId) });
      this.set({ [KEYS.startBindShop]: true });
      this.set({ [KEYS.shopType]: request.shopType });
      try {
        await this.env.returnToConsole(this.timeouts.leaveMs);
        const values = await this.get([KEYS.shopStatus, KEYS.shopMessage]);
        if (values[KEYS.shopStatus] === 'success') this.env.dialogs.bindSucceeded();
        else this.env.dialogs.bindFailed(values[KEYS.shopMessage] || undefined);
      } catch {
        this.env.dialogs.bindFailed();
      } finally {
        this.set({ [KEYS.startBindShop]: false });
      }
    });
  }

  /**
   * Join the creator programme for `productIds` on the creator page, as a run of its own (the server
   * checks the membership and the quota first). The run id comes last: the page starts on it.
   */
  joinCreator(productIds: string[], creator: CreatorPage): Promise<boolean> {
    return this.run('join', async () => {
      this.transport.send({ type: 'refreshScripts', data: {} });
      const run = await this.env.startRun('join', creator.platform, productIds);
      if ('message' in run) {
        this.env.dialogs.joinRefused(run.message);
        return;
      }
      this.set({ [KEYS.startBindShop]: false });
      this.set({ [KEYS.runJoinCreator]: true });
      // shop-type names the platform: the plug-in keeps to its pause and pacing.
      this.set({
        [KEYS.productIdList]: productIds,
        [KEYS.url]: creator.url,
        [KEYS.shopType]: creator.platform,
        [KEYS.runId]: String(run.runId),
      });
      this.env.openTab(creator.url, JOIN_CREATOR_TAB_NAME);
    });
  }

  /**
   * Stop the programme: both flags off, the creator page told so, and the user too. The server ends
   * the running join with the stop's run; a stop the server did not take still stops the plug-in.
   */
  stop(creator: CreatorPage): Promise<boolean> {
    return this.run('stop', async () => {
      const run = await this.env.startRun('stop', creator.platform);
      this.set({
        [KEYS.startBindShop]: false,
        [KEYS.runJoinCreator]: false,
        ...('runId' in run ? { [KEYS.runId]: String(run.runId) } : {}),
      });
      this.env.openTab(creator.url, JOIN_CREATOR_TAB_NAME);
      this.env.dialogs.stopped();
    });
  }

  /** Clear the plug-in's stored data. */
  clean(): Promise<boolean> {
    return this.run('clean', async () => {
      const status = await new Promise<FlowStatus | null>((resolve) => {
        const timer = setTimeout(() => {
          this.pendingClean = null;
          resolve(null);
        }, this.timeouts.answerMs);
        this.pendingClean = (answer) => {
          clearTimeout(timer);
          this.pendingClean = null;
          resolve(answer);
        };
        this.transport.send({ type: 'clean', data: {} });
      });
      if (status === 'success') this.env.dialogs.cleanSucceeded();
      else this.env.dialogs.noAnswer();
    });
  }

  private async run(flow: FlowName, body: () => Promise<void>): Promise<boolean> {
    if (!this.state.connected) {
      this.env.dialogs.notConnected();
      return false;
    }
    // Clean stays allowed: clearing the plug-in's cache never needs a supported version.
    if (flow !== 'clean' && this.state.protocolOutdated) {
      this.env.dialogs.protocolOutdated(this.state.pluginVersion);
      return false;
    }
    const latest = flow === 'clean' ? null : outdatedBy(this.state);
    if (latest) {
      this.env.dialogs.outdated(latest, this.state.pluginVersion);
      return false;
    }
    if (this.state.running) return false;
    this.update({ running: flow });
    try {
      await body();
      return true;
    } finally {
      this.update({ running: null });
    }
  }

  private set(values: Partial<PluginData>): void {
    this.transport.send({ type: 'set', data: { values } });
  }

  private get(keys: PluginDataKey[]): Promise<Partial<PluginData>> {
    const requestId = `r${(requestCounter += 1)}`;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pendingValues.delete(requestId);
        reject(new Error('no answer'));
      }, this.timeouts.answerMs);
      this.pendingValues.set(requestId, (values) => {
        clearTimeout(timer);
        resolve(values);
      });
      this.transport.send({ type: 'get', data: { requestId, keys } });
    });
  }

  private receive(message: PluginMessage): void {
    switch (message.type) {
      case 'start':
        this.started(message.data);
        return;
      case 'end':
        this.update({ connected: false, release: null, protocolOutdated: false });
        return;
      case 'release':
        this.update({ release: message.data });
        return;
      case 'values': {
        const resolve = this.pendingValues.get(message.data.requestId);
        this.pendingValues.delete(message.data.requestId);
        resolve?.(message.data.values);
        return;
      }
      case 'result':
        if (message.data.type === 'clean') this.pendingClean?.(message.data.status);
        return;
    }
  }

  private hello(): void {
    this.transport.send({ type: 'hello', data: { protocolVersion: PLUGIN_PROTOCOL_VERSION, nonce: this.nonce } });
  }

  private started({ protocolVersion, pluginVersion, nonce }: Extract<PluginMessage, { type: 'start' }>['data']): void {
    if (protocolVersion < MIN_TOKEN_PROTOCOL_VERSION) {
      // It expects the session's own token in the page: it gets nothing, and the user is told to update.
      console.warn('[plugin-bridge] plug-in speaks protocol', protocolVersion, 'the console needs', MIN_TOKEN_PROTOCOL_VERSION);
      this.update({ connected: true, pluginVersion: pluginVersion || null, release: null, protocolOutdated: true });
      return;
    }
    if (nonce !== this.nonce) {
      // Unprompted (the plug-in loaded after the console) or not answering this page's hello: say hello again.
      this.hello();
      return;
    }
    // A (re)connected plug-in, maybe of another version: its release state comes with its next `release`.
    this.update({ connected: true, pluginVersion: pluginVersion || null, release: null, protocolOutdated: false });
    void this.sendToken();
  }

  private update(patch: Partial<PluginState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener(this.state);
  }
}
