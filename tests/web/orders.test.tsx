/** The member centre and the order list: the membership rule the buy dialog previews, labels, filters, buying. */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import MemberCenterPage from '@/pages/client/MemberCenter';
import { expiryText } from '@/pages/client/MemberCenter/MembershipCard';
import { buyLabel } from '@/pages/client/MemberCenter/LevelCards';
import { toListBody } from '@/pages/client/OrderList';
import { saveLogin } from '@/auth/session';
import { callApi } from '@/services/request';
import { membershipAfterPayment } from '#contract/orders';
import { ORDER_TEXT } from '#contract/text/orders';
import { basic, center, DAY, membership, NOW, pending, pro } from './support/orderFixtures';
import { byPath, refusal } from './support/requestMock';

jest.mock('@umijs/max', () => ({ useAccess: () => ({}) }));
// eslint-disable-next-line @typescript-eslint/no-require-imports -- jest.mock factories run before imports
jest.mock('@/services/request', () => require('./support/requestMock').requestMock());

const TEXT = ORDER_TEXT.memberCenter;

describe('membershipAfterPayment', () => {
  it('extends the same level from its expiry, and anything else from now', () => {
    expect(membershipAfterPayment({ levelId: 1, expiresAt: NOW + 5 * DAY }, 1, 30, NOW)).toEqual({
      levelId: 1,
      expiresAt: NOW + 35 * DAY,
      switched: false,
    });
    expect(membershipAfterPayment({ levelId: null, expiresAt: null }, 1, 30, NOW)).toEqual({
      levelId: 1,
      expiresAt: NOW + 30 * DAY,
      switched: false,
    });
    expect(membershipAfterPayment({ levelId: 1, expiresAt: NOW - DAY }, 1, 30, NOW)).toEqual({
      levelId: 1,
      expiresAt: NOW + 30 * DAY,
      switched: false,
    });
    expect(membershipAfterPayment({ levelId: 1, expiresAt: NOW + 5 * DAY }, 2, 90, NOW)).toEqual({
      levelId: 2,
      expiresAt: NOW + 90 * DAY,
      switched: true,
    });
    expect(membershipAfterPayment({ levelId: 1, expiresAt: NOW - DAY }, 2, 90, NOW).switched).toBe(false);
  });
});

describe('member centre labels', () => {
  it('offers buy, renew or switch', () => {
    expect(buyLabel(basic, null)).toBe(TEXT.buy);
    expect(buyLabel(basic, membership(1, NOW + DAY))).toBe(TEXT.renew);
    expect(buyLabel(pro, membership(1, NOW + DAY))).toBe(TEXT.switchTo);
    expect(buyLabel(pro, membership(1, NOW - DAY, true))).toBe(TEXT.buy);
  });

  it('shows the expiry with the days left, or when it expired', () => {
    expect(expiryText(membership(1, NOW + 2.5 * DAY), NOW)).toMatch(/（剩余 3 天）$/);
    expect(expiryText(membership(1, NOW - DAY, true), NOW)).toMatch(/^已于 .* 过期$/);
  });
});

describe('order list filters', () => {
  it('sends the date range as whole days in ISO bounds and drops it when empty', () => {
    const body = toListBody({ created: ['2026-01-01', '2026-01-31'], status: 'paid' });
    expect(body.status).toBe('paid');
    expect(new Date(body.createdTo as string).getTime() - new Date(body.createdFrom as string).getTime()).toBe(31 * DAY);
    expect(toListBody({ orderNo: '2026' })).toEqual({ orderNo: '2026' });
  });
});

describe('member centre screen', () => {
  beforeEach(() => {
    jest.clearAllMocks();
    saveLogin({ token: 't', expires: Date.now() + DAY, username: 'demo_member', email: 'm@example.com', membership: null }, false);
  });

  it('buys a level: the dialog previews it, the order is created and its instructions shown', async () => {
    let centers = 0;
    jest
      .mocked(callApi)
      .mockImplementation(byPath({ 'order/center': () => (centers++ === 0 ? center([]) : center([pending])), 'order/create': pending }));
    render(<MemberCenterPage />);
    expect(await screen.findByText('¥299.00')).toBeTruthy();
    fireEvent.click(screen.getByText(/切换套餐/).closest('button')!);
    expect(await screen.findByText(TEXT.switchWarning)).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByText(TEXT.submitOrder).closest('button')!);
    });
    expect(callApi).toHaveBeenCalledWith('order/create', { levelId: 2 });
    expect(await screen.findByText(TEXT.created)).toBeTruthy();
    await waitFor(() => expect(screen.getByText(TEXT.pendingTitle)).toBeTruthy());
  });

  it('keeps the screen as it was when the server refuses the order', async () => {
    jest
      .mocked(callApi)
      .mockImplementation(byPath({ 'order/center': center([]), 'order/create': refusal('参数错误：levelId 不存在或已下架', 'A0400') }));
    render(<MemberCenterPage />);
    await screen.findByText('¥99.00');
    fireEvent.click(screen.getByText(/续\s*费/).closest('button')!);
    await act(async () => {
      fireEvent.click((await screen.findByText(TEXT.submitOrder)).closest('button')!);
    });
    expect(callApi).toHaveBeenCalledWith('order/create', { levelId: 1 });
    expect(screen.queryByText(TEXT.created)).toBeNull();
    expect(callApi).not.toHaveBeenCalledWith('order/cancel', expect.anything());
  });
});
