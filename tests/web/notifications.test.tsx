/**
 * The header's bell: the badge of unread items (live from the stream), the panel (newest first,
 * loading / failed / empty, 全部已读), an item's link, and no stream while the tab is in the background.
 */
import { history, useModel } from '@umijs/max';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { NOTIFICATION_PAGES, NOTIFICATION_STREAM_PATH, STREAM_EVENTS } from '#contract/notifications';
import NotificationBell from '@/components/Notifications';
import { openNotificationStream, streamUrl } from '@/components/Notifications/liveStream';
import { useRecordChanges } from '@/components/Notifications/recordChanges';
import { NOTIFICATION_TEXT } from '@/locales/zh-CN/notifications';
import { UI_TEXT } from '@/locales/zh-CN/common';
import {
  getStreamTicket,
  getUnreadCount,
  listNotifications,
  markAllNotificationsRead,
  markNotificationsRead,
} from '@/services/notification';
import { clientRoutes } from '../../config/routes';
import { fakeStreamDependencies as fakes, FakeEventSource, item, ok, routePaths } from './support/notificationFakes';

jest.mock('@umijs/max', () => ({ history: { push: jest.fn() }, useModel: jest.fn() }));
jest.mock('@/auth/session', () => ({ getToken: jest.fn(() => 'token-1') }));
jest.mock('@/services/notification');

const latest = () => FakeEventSource.latest();
let visibility: DocumentVisibilityState = 'visible';

function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

beforeAll(() => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => visibility === 'hidden' });
  (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
});

beforeEach(() => {
  jest.clearAllMocks();
  FakeEventSource.opened = [];
  visibility = 'visible';
  (useModel as jest.Mock).mockReturnValue({ initialState: { username: 'demo_admin' } });
  jest.mocked(getUnreadCount).mockResolvedValue(ok({ unread: 2 }));
  jest.mocked(getStreamTicket).mockResolvedValue(ok({ ticket: 'ticket-1', expiresAt: '2026-11-22T03:01:00.000Z' }));
  jest
    .mocked(listNotifications)
    .mockResolvedValue(ok({ list: [item(12), item(11, { read: true, title: '提现已通过' })], total: 2, current: 1, pageSize: 10 }));
  jest.mocked(markNotificationsRead).mockResolvedValue(ok({ unread: 1 }));
  jest.mocked(markAllNotificationsRead).mockResolvedValue(ok({ unread: 0 }));
});

const bell = () => screen.getByRole('button', { name: NOTIFICATION_TEXT.title });
const badge = () => screen.getByTestId('notification-badge');
const panel = () => screen.getByRole('dialog', { name: new RegExp(NOTIFICATION_TEXT.title) });

async function renderBell() {
  render(<NotificationBell />);
  await waitFor(() => expect(badge()).toHaveTextContent('2'));
  await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
}

async function openPanel() {
  fireEvent.click(bell());
  await waitFor(() => expect(panel()).toBeInTheDocument());
}

describe('the bell', () => {
  it('is not there without a login', () => {
    (useModel as jest.Mock).mockReturnValue({ initialState: { username: '' } });
    render(<NotificationBell />);
    expect(screen.queryByRole('button', { name: NOTIFICATION_TEXT.title })).toBeNull();
    expect(getUnreadCount).not.toHaveBeenCalled();
  });

  it('shows the unread count on its badge, named 通知 and described by the count; the stream keeps it', async () => {
    await renderBell();
    expect(bell()).toHaveAccessibleDescription(NOTIFICATION_TEXT.unread(2));
    expect(latest().url).toBe(`${NOTIFICATION_STREAM_PATH}?ticket=ticket-1`);
    act(() => latest().emit(STREAM_EVENTS.unread, { unread: 150 }));
    expect(badge()).toHaveTextContent('99+');
    act(() => latest().emit(STREAM_EVENTS.unread, { unread: 0 }));
    expect(badge()).not.toHaveTextContent(/\d/);
  });

  it('opens the newest items, each a link to its record; choosing one marks it read and opens its page', async () => {
    await renderBell();
    await openPanel();
    const links = within(panel()).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/client/withdrawalApproval?id=12',
      '/client/withdrawalApproval?id=11',
    ]);
    expect(links[0]).toHaveTextContent('提现申请待审批');
    expect(links[0]).toHaveTextContent('（未读）');
    expect(links[1]).not.toHaveTextContent('（未读）');
    expect(within(panel()).getByText(NOTIFICATION_TEXT.unread(2))).toBeInTheDocument();

    // A new item arrives while the panel is open: on top.
    act(() =>
      latest().emit(
        STREAM_EVENTS.item,
        item(13, { title: '新订单待确认收款', link: '/client/orderList?orderNo=202611221234567890' }),
        '13',
      ),
    );
    await waitFor(() => expect(within(panel()).getAllByRole('link')[0]).toHaveTextContent('新订单待确认收款'));

    await act(async () => {
      fireEvent.click(within(panel()).getAllByRole('link')[1]);
    });
    expect(history.push).toHaveBeenCalledWith('/client/withdrawalApproval?id=12');
    expect(markNotificationsRead).toHaveBeenCalledWith([12]);
    await waitFor(() => expect(badge()).toHaveTextContent('1'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('全部已读 reads everything up to the newest item shown', async () => {
    await renderBell();
    await openPanel();
    await act(async () => {
      fireEvent.click(within(panel()).getByRole('button', { name: NOTIFICATION_TEXT.markAllRead }));
    });
    expect(markAllNotificationsRead).toHaveBeenCalledWith(12);
    await waitFor(() => expect(badge()).not.toHaveTextContent(/\d/));
    expect(within(panel()).queryByText('（未读）')).toBeNull();
    expect(within(panel()).getByRole('button', { name: NOTIFICATION_TEXT.markAllRead })).toBeDisabled();
  });

  it('says when there is nothing, and when the list failed (重试 loads it again)', async () => {
    jest.mocked(listNotifications).mockResolvedValueOnce(ok({ list: [], total: 0, current: 1, pageSize: 10 }));
    await renderBell();
    await openPanel();
    expect(await within(panel()).findByText(NOTIFICATION_TEXT.empty)).toBeInTheDocument();
    fireEvent.click(bell());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    let fail: (reason: Error) => void = () => {};
    jest.mocked(listNotifications).mockImplementationOnce(() => new Promise((_resolve, reject) => (fail = reject)) as never);
    fireEvent.click(bell());
    await waitFor(() => expect(panel().querySelector('[aria-busy="true"]')).not.toBeNull());
    await act(async () => fail(new Error('网络异常')));
    expect(within(panel()).getByRole('alert')).toHaveTextContent(UI_TEXT.list.loadFailed);
    await act(async () => {
      fireEvent.click(within(panel()).getByRole('button', { name: new RegExp(UI_TEXT.list.retry.split('').join('\\s*')) }));
    });
    expect(await within(panel()).findAllByRole('link')).toHaveLength(2);
  });

  it('a tab in the background has no stream and asks nothing; shown again, it reads the count and reopens the stream', async () => {
    await renderBell();
    const first = latest();
    setVisibility('hidden');
    expect(first.closed).toBe(true);
    const calls = jest.mocked(getUnreadCount).mock.calls.length;
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(jest.mocked(getUnreadCount).mock.calls.length).toBe(calls);

    first.emit(STREAM_EVENTS.item, item(20), '20');
    jest.mocked(getUnreadCount).mockResolvedValue(ok({ unread: 5 }));
    setVisibility('visible');
    await waitFor(() => expect(badge()).toHaveTextContent('5'));
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(2));
    expect(latest().closed).toBe(false);
  });
});

describe('screens refresh on a live notification about what they show', () => {
  function Watcher({ records, onChange }: { records: Array<'withdrawal' | 'order'>; onChange: () => void }) {
    useRecordChanges(records, onChange);
    return null;
  }

  it('a withdrawal notification refreshes the withdrawal screens, not the order ones, and only while they are shown', async () => {
    const withdrawals = jest.fn();
    const orders = jest.fn();
    const shown = render(
      <>
        <Watcher records={['withdrawal']} onChange={withdrawals} />
        <Watcher records={['order']} onChange={orders} />
      </>,
    );
    await renderBell();
    act(() => latest().emit(STREAM_EVENTS.item, item(30, { kind: 'withdrawal.rejected' }), '30'));
    expect(withdrawals).toHaveBeenCalledTimes(1);
    expect(orders).not.toHaveBeenCalled();
    act(() => latest().emit(STREAM_EVENTS.item, item(31, { kind: 'order.paid' }), '31'));
    expect(orders).toHaveBeenCalledTimes(1);

    shown.unmount();
    act(() => latest().emit(STREAM_EVENTS.item, item(32, { kind: 'withdrawal.paid' }), '32'));
    expect(withdrawals).toHaveBeenCalledTimes(1);
  });
});

describe('the live stream', () => {
  const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
  const handlers = () => ({ onItem: jest.fn(), onUnread: jest.fn(), onSessionEnd: jest.fn() });

  it('opens again with a new ticket after a drop, continuing after the last event it got', async () => {
    const dependencies = fakes([{ ticket: 'a' }, null, { ticket: 'b' }]);
    const on = handlers();
    const stream = openNotificationStream(on, {}, dependencies);
    await settle();
    latest().emit(STREAM_EVENTS.item, item(7), '7');
    expect(on.onItem).toHaveBeenCalledWith(item(7));
    latest().onerror?.();
    await settle();
    await settle();
    expect(dependencies.urls).toEqual([streamUrl('a', undefined), streamUrl('b', '7')]);
    expect(dependencies.urls[1]).toBe(`${NOTIFICATION_STREAM_PATH}?ticket=b&lastEventId=7`);
    stream.close();
    expect(latest().closed).toBe(true);
  });

  it('stops for good when the session has ended (an end event, or no ticket for an expired login)', async () => {
    const ended = fakes([{ ticket: 'a' }, { ticket: 'never' }]);
    const on = handlers();
    openNotificationStream(on, {}, ended);
    await settle();
    latest().emit(STREAM_EVENTS.end, { code: 'A0230' });
    await settle();
    expect(on.onSessionEnd).toHaveBeenCalledTimes(1);
    expect(ended.urls).toHaveLength(1);
    expect(latest().closed).toBe(true);

    const expired = fakes(['login-expired']);
    const again = handlers();
    openNotificationStream(again, {}, expired);
    await settle();
    expect(again.onSessionEnd).toHaveBeenCalledTimes(1);
    expect(expired.urls).toEqual([]);
  });
});

it('every link of a notification opens a screen of the route table', () => {
  const paths = routePaths(clientRoutes);
  for (const page of Object.values(NOTIFICATION_PAGES)) expect(paths).toContain(page);
});
