/** The controller wired to this page: the DOM bridge, real tabs, the tab's visibility, plug-in tokens, antd dialogs. */
import { getToken } from '@/auth/session';
import { UI_TEXT } from '@/locales/zh-CN/common';
import { issuePluginToken, startPluginRun, startShopBind } from '@/services/plugin';
import type { RunFlow } from '#contract/runs';
import type { ShopPlatform } from '#contract/shops';
import { CallRefusal } from '@/services/request';
import { PluginController } from './controller';
import { dialogs } from './dialogs';
import { createDomTransport } from './domTransport';

/**
 * Resolves when the tab has been hidden and is visible again; rejects if it is not left in time.
 * A background tab may be frozen before its 'hidden' event runs, so a change to 'visible' counts
 * as a return on its own, and a tab that is hidden at the deadline has been left.
 */
export function returnToConsole(leaveTimeoutMs: number, doc: Document = document): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      if (doc.visibilityState === 'hidden') return;
      doc.removeEventListener('visibilitychange', onChange);
      reject(new Error('the console tab was never left'));
    }, leaveTimeoutMs);
    function onChange() {
      if (doc.visibilityState === 'hidden') {
        clearTimeout(timer);
      } else {
        clearTimeout(timer);
        doc.removeEventListener('visibilitychange', onChange);
        resolve();
      }
    }
    doc.addEventListener('visibilitychange', onChange);
  });
}

/** A plug-in token for this login (`plugin/token`); null when nobody is logged in or the server refused. */
async function pluginToken(): Promise<string | null> {
  if (!getToken()) return null;
  try {
    return (await issuePluginToken()).token;
  } catch {
    return null;
  }
}

/** A bind started on the server, or the server's refusal (开通会员后才能绑定店铺…) in its words. */
async function startBind(): Promise<{ bindId: string } | { message: string }> {
  try {
    return { bindId: (await startShopBind()).bindId };
  } catch (error) {
    return { message: error instanceof CallRefusal ? error.msg : UI_TEXT.messages.checkNetwork };
  }
}

/** The run the plug-in reports into (`run/start`), or the server's refusal in its words. */
async function startRun(flow: RunFlow, platform: ShopPlatform, productIds?: string[]): Promise<{ runId: number } | { message: string }> {
  try {
    return { runId: (await startPluginRun({ flow, platform, productIds })).runId };
  } catch (error) {
    return { message: error instanceof CallRefusal ? error.msg : UI_TEXT.messages.checkNetwork };
  }
}

/** 16 random bytes, base64url: the page's `hello` nonce (NONCE_PATTERN). */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

export function createBrowserController(): PluginController {
  return new PluginController(createDomTransport(), {
    openTab: (url, name) => window.open(url, name ?? '_blank') !== null,
    returnToConsole,
    pluginToken,
    startBind,
    startRun,
    newNonce,
    dialogs,
  });
}
