/** The bell's fixtures and fakes (kept out of the test file: jest's hoisting pass can not read type annotations). */
import type { NotificationItem } from '#contract/api/notification';
import type { StreamDependencies } from '@/components/Notifications/liveStream';
import type { AppRoute } from '../../../config/routes';

/** A call's answer as `callApi` resolves it: its content. */
export function ok<T>(content: T) {
  return content;
}

export const item = (id: number, extra: Partial<NotificationItem> = {}): NotificationItem => ({
  id,
  kind: 'withdrawal.requested',
  title: '提现申请待审批',
  text: `demo_sale 申请提现 ¥${id}.00`,
  link: `/client/withdrawalApproval?id=${id}`,
  read: false,
  createdAt: '2026-11-22T03:00:00.000Z',
  ...extra,
});

/** A stand-in for the browser's EventSource: the tests dispatch the server's events. */
export class FakeEventSource extends EventTarget {
  static opened: FakeEventSource[] = [];
  static latest = () => FakeEventSource.opened[FakeEventSource.opened.length - 1];
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  close() {
    this.closed = true;
  }
  emit(event: string, data: unknown, lastEventId = '') {
    this.dispatchEvent(new MessageEvent(event, { data: JSON.stringify(data), lastEventId }));
  }
}

/** The stream's dependencies with these tickets in turn (then none) and no pause between tries. */
export function fakeStreamDependencies(
  tickets: Array<{ ticket: string } | 'login-expired' | null>,
): StreamDependencies & { urls: string[] } {
  const urls: string[] = [];
  return {
    urls,
    ticket: jest.fn(async () => tickets.shift() ?? null),
    open: (url) => {
      urls.push(url);
      return new FakeEventSource(url) as unknown as EventSource;
    },
    retryDelayMs: () => 0,
  };
}

/** Every path of a route table, nested ones too. */
export function routePaths(routes: readonly AppRoute[], into = new Set<string>()): Set<string> {
  for (const route of routes) {
    into.add(route.path);
    if (route.routes) routePaths(route.routes, into);
  }
  return into;
}
