/**
 * The console's side of the plug-in bridge: the connection state, the release the plug-in reports
 * (protocol 2) and the four flows of legacy §4, step by step. Free of React and of the DOM: a
 * transport carries the messages, an environment opens tabs, watches the tab's visibility and
 * shows the dialogs, so tests drive it with doubles.
 */
import {
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
  /** The plug-in did not answer in time. */
  noAnswer(): void;
}

export interface PluginEnvironment {
  /** Opens `url` in a new tab, or in the tab called `name`; false when the browser refused. */
  openTab(url: string, name?: string): boolean;
  /** Resolves once the console's tab was hidden and is visible again; rejects after `timeoutMs` without leaving. */
  returnToConsole(leaveTimeoutMs: number): Promise<void>;
  getToken(): string | null;
  dialogs: PluginDialogs;
}

export interface BindRequest {
  shopType: string;
  url: string;
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

  constructor(
    private readonly transport: PluginTransport,
    private readonly env: PluginEnvironment,
    private readonly timeouts: Timeouts = DEFAULT_TIMEOUTS,
  ) {
    this.unsubscribe = transport.subscribe((message) => this.receive(message));
    // A plug-in that loaded before the console answers the hello with its own 'start'.
    transport.send({ type: 'hello', data: { protocolVersion: PLUGIN_PROTOCOL_VERSION } });
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

  /** Sends the current token (after a login or a logout) when connected. */
  sendToken(): void {
    if (this.state.connected) this.transport.send({ type: 'token', data: { token: this.env.getToken() } });
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
      this.set({ [KEYS.startBindShop]: true });
      this.set({ [KEYS.shopType]: request.shopType });
      if (!this.env.openTab(request.url)) {
        this.env.dialogs.bindFailed('浏览器阻止了新标签页，请允许弹出窗口后重试');
        this.set({ [KEYS.startBindShop]: false });
        return;
      }
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

  /** Join the creator programme for `productIds` on the creator page. */
  joinCreator(productIds: string[], creatorUrl: string): Promise<boolean> {
    return this.run('join', async () => {
      this.transport.send({ type: 'refreshScripts', data: {} });
      this.set({ [KEYS.startBindShop]: false });
      this.set({ [KEYS.runJoinCreator]: true });
      this.set({ [KEYS.productIdList]: productIds, [KEYS.url]: creatorUrl });
      this.env.openTab(creatorUrl, JOIN_CREATOR_TAB_NAME);
    });
  }

  /** Stop the programme: both flags off, the creator page told so, and the user too. */
  stop(creatorUrl: string): Promise<boolean> {
    return this.run('stop', async () => {
      this.set({ [KEYS.startBindShop]: false, [KEYS.runJoinCreator]: false });
      this.env.openTab(creatorUrl, JOIN_CREATOR_TAB_NAME);
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
        if (message.data.protocolVersion !== PLUGIN_PROTOCOL_VERSION) {
          console.warn('[plugin-bridge] plug-in speaks protocol', message.data.protocolVersion, 'console speaks', PLUGIN_PROTOCOL_VERSION);
        }
        // A (re)connected plug-in, maybe of another version: its release state comes with its next `release`.
        this.update({ connected: true, pluginVersion: message.data.pluginVersion || null, release: null });
        this.transport.send({ type: 'token', data: { token: this.env.getToken() } });
        return;
      case 'end':
        this.update({ connected: false, release: null });
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

  private update(patch: Partial<PluginState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener(this.state);
  }
}
