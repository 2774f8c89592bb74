/** 数据看板 (staff 首页): the cards the grants open, their links' filters, the states, and who sees it. */
import { useAccess, useModel } from '@umijs/max';
import { render, screen, waitFor, within } from '@testing-library/react';
import Dashboard, { CARDS, DashboardView, lastDays } from '@/pages/client/Home/Dashboard';
import HomePage, { seesDashboard } from '@/pages/client/Home';
import { DASHBOARD_TEXT as T } from '@/locales/zh-CN/dashboard';
import { dayText, dayTicks } from '@/components/charts';
import { listLink, listStateFromSearch, queryFields } from '@/kit/listQuery';
import { orderColumns } from '@/pages/client/OrderList/columns';
import { saveLogin } from '@/auth/session';
import dayjs from '@/kit/dayjs';

jest.mock('@umijs/max', () => ({
  useModel: jest.fn(),
  useAccess: jest.fn(() => ({})),
  Link: ({ children, to, ...rest }: { children: React.ReactNode; to: string }) => (
    <a href={to} {...rest}>
      {children}
    </a>
  ),
}));
// eslint-disable-next-line @typescript-eslint/no-require-imports -- jest.mock factories run before imports
jest.mock('@/services/request', () => require('./support/requestMock').requestMock());
// jest runs no dynamic import(): the chunks are stood in for.
jest.mock('@/components/charts/loadEChart', () => ({
  loadEChart: async () => ({ default: ({ labels }: { labels: string[] }) => <div data-testid="echart">{labels.join(',')}</div> }),
}));
jest.mock('@/pages/client/Home/loadPromotionCards', () => ({
  loadPromotionCards: async () => ({ default: () => <section data-testid="home-promotion" /> }),
}));
jest.mock('@/pages/client/Home/loadDashboard', () => ({
  loadDashboard: async () => ({ default: () => <section data-testid="dashboard" /> }),
}));

const { callApi } = jest.requireMock<{ callApi: jest.Mock }>('@/services/request');
const unanswered = () => new Promise(() => {});

// An import() type: this file has jest.mock, so babel rewrites its imports before the types go.
type DashboardSummary = import('#contract/api/dashboard').DashboardSummary;

const days = ['2026-11-24', '2026-11-25'];
const FULL: DashboardSummary = {
  today: '2026-11-25',
  timeZone: 'Asia/Shanghai',
  monthStart: '2026-11-01',
  from: days[0],
  to: days[1],
  cards: {
    todayRevenueCents: 1_234_50,
    monthRevenueCents: 98_765_43,
    pendingOrders: 3,
    newAccountsToday: 2,
    newAccountsMonth: 40,
    activeMembers: 12_345,
    pendingWithdrawals: 4,
    payableCommissionCents: 5_000,
  },
  orderDays: days.map((day, index) => ({ day, paidOrders: index + 1, revenueCents: (index + 1) * 9_900 })),
  registrationDays: days.map((day) => ({ day, count: 0 })),
  levels: [{ levelId: 2, name: '黄金会员', orders: 3, revenueCents: 29_700 }],
  topSalespeople: [{ accountId: 5, username: 'sales01', orders: 2, commissionCents: 1_980 }],
};
const range = lastDays(2, dayjs('2026-11-25'));
const view = (summary: DashboardSummary | undefined, extra: { loading?: boolean; failed?: boolean } = {}) =>
  render(
    <DashboardView summary={summary} loading={false} failed={false} onRetry={jest.fn()} range={range} onRange={jest.fn()} {...extra} />,
  );

// Every call unanswered (a promise that never settles) unless a test answers it: 首页's own reads then show nothing.
beforeEach(() => {
  jest.clearAllMocks();
  callApi.mockReset().mockImplementation(unanswered);
});

describe('the cards', () => {
  it('shows only the figures the server answered: an account with only 提现审批 sees 待审批提现 alone', () => {
    view({
      ...FULL,
      cards: { pendingWithdrawals: 4 },
      orderDays: undefined,
      registrationDays: undefined,
      levels: undefined,
      topSalespeople: undefined,
    });
    const card = screen.getByTestId('dashboard-card-pendingWithdrawals');
    expect(card).toHaveTextContent(T.pendingWithdrawals);
    expect(card).toHaveTextContent('4');
    expect(card).toHaveAttribute('href', '/client/withdrawalApproval?status=pending');
    for (const other of CARDS.filter((one) => one.key !== 'pendingWithdrawals'))
      expect(screen.queryByTestId(`dashboard-card-${other.key}`)).toBeNull();
    expect(screen.queryByText(T.orderTrend)).toBeNull();
    expect(screen.queryByText(T.topSales)).toBeNull();
  });

  it('shows every card in Chinese formats, each linking to its list filtered as it counts', () => {
    view(FULL);
    for (const card of CARDS) expect(screen.getByTestId(`dashboard-card-${card.key}`)).toHaveTextContent(card.title);
    expect(screen.getByTestId('dashboard-card-todayRevenueCents')).toHaveTextContent('1,234.50');
    expect(screen.getByTestId('dashboard-card-activeMembers')).toHaveTextContent('12,345');
    const today = screen.getByTestId('dashboard-card-todayRevenueCents').getAttribute('href')!;
    expect(today.startsWith('/client/orderList?')).toBe(true);
    // The link's query is what 订单列表 reads into its search form.
    expect(orderFilters(today.slice(today.indexOf('?')))).toEqual({
      status: 'paid',
      created: ['2026-11-25', '2026-11-25'],
    });
    expect(screen.getByTestId('dashboard-card-newAccountsMonth')).toHaveAttribute(
      'href',
      '/client/system/usersManager?created=2026-11-01%2C2026-11-25',
    );
    expect(screen.getByTestId('dashboard-card-activeMembers')).toHaveAttribute('href', '/client/system/usersManager?membership=active');
    expect(screen.getByTestId('dashboard-card-pendingOrders')).toHaveAttribute('href', '/client/orderList?status=pending');
    expect(within(screen.getByTestId('dashboard-top-sales')).getByText('sales01')).toBeInTheDocument();
  });
});

describe('the charts', () => {
  it('draw days in Chinese, say empty for a range with nothing', async () => {
    view(FULL);
    expect(await screen.findAllByTestId('echart')).not.toHaveLength(0);
    expect(screen.getAllByTestId('echart')[0]).toHaveTextContent('2026年11月24日,11月25日');
    // Nobody registered in the range: the registration chart says so.
    expect(screen.getByText(T.registrationsEmpty)).toBeInTheDocument();
    expect(dayTicks(['2026-12-31', '2027-01-01', '2027-01-02'])).toEqual(['2026年12月31日', '2027年1月1日', '1月2日']);
    expect(dayText('2026-03-05')).toBe('2026年3月5日');
  });

  it('say loading before the first answer and failed (with 重试) after an error', () => {
    const { rerender } = view(undefined, { loading: true });
    expect(screen.queryByTestId('echart')).toBeNull();
    const retry = jest.fn();
    rerender(<DashboardView summary={undefined} loading={false} failed onRetry={retry} range={range} onRange={jest.fn()} />);
    expect(screen.getAllByText(T.loadFailed).length).toBeGreaterThan(0);
    screen
      .getAllByText(/重\s*试/)[0]
      .closest('button')!
      .click();
    expect(retry).toHaveBeenCalled();
  });

  it("asks the server for its default range (its last 30 business days), not the browser's days, and shows it", async () => {
    callApi.mockResolvedValue(FULL);
    render(<Dashboard cacheKey="t1" />);
    await waitFor(() => expect(callApi).toHaveBeenCalled());
    const [path, body] = callApi.mock.calls[0];
    expect(path).toBe('dashboard/summary');
    expect(body).toEqual({});
    // The range picker shows the range the server answered.
    expect(await screen.findByDisplayValue(FULL.from)).toBeInTheDocument();
    expect(screen.getByDisplayValue(FULL.to)).toBeInTheDocument();
  });

  it('says which time zone the days are in when the browser is in another one', () => {
    const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const { rerender } = view({ ...FULL, timeZone: browser === 'Asia/Shanghai' ? 'America/Los_Angeles' : 'Asia/Shanghai' });
    expect(screen.getByTestId('dashboard-zone')).toHaveTextContent(/日期按业务时区 (Asia\/Shanghai|America\/Los_Angeles) 统计/);
    rerender(
      <DashboardView
        summary={{ ...FULL, timeZone: browser }}
        loading={false}
        failed={false}
        onRetry={jest.fn()}
        range={range}
        onRange={jest.fn()}
      />,
    );
    expect(screen.queryByTestId('dashboard-zone')).toBeNull();
  });
});

describe('who sees the dashboard on 首页', () => {
  const STATE = { username: 'someone', email: 'someone@example.com', membershipInfo: null };
  beforeEach(() => {
    saveLogin({ token: 't', expires: Date.now() + 86_400_000, username: 'someone', email: 'someone@example.com', membership: null }, false);
    const plugin = { connected: false, pluginVersion: null, running: null, bindShop: jest.fn(), joinCreator: jest.fn(), stop: jest.fn() };
    (useModel as jest.Mock).mockImplementation((namespace: string) => (namespace === 'extension' ? plugin : { initialState: STATE }));
  });

  it('is staff: /admin, 提现审批, 充值管理 or 用户管理; not 订单列表 alone (a member’s own orders)', () => {
    expect(seesDashboard({ canSeeOrderList: true, canSeeHome: true })).toBe(false);
    expect(seesDashboard({ canSeeAdmin: true })).toBe(true);
    expect(seesDashboard({ canSeeWithdrawalApprova: true })).toBe(true);
    expect(seesDashboard({ canSeeRechargeMannager: true })).toBe(true);
    expect(seesDashboard({ canSeeUsersManager: true })).toBe(true);
  });

  it('replaces the member home for staff, keeps a salesperson’s cards above it, and leaves members’ home as it was', async () => {
    (useAccess as jest.Mock).mockReturnValue({ canSeeUsersManager: true, canSeePromotion: true });
    const { unmount } = render(<HomePage />);
    expect(await screen.findByTestId('dashboard')).toBeInTheDocument();
    expect(screen.getByTestId('home-promotion')).toBeInTheDocument();
    // The greeting stays; the member's membership line and figures do not.
    expect(screen.getByRole('heading', { name: /，someone$/ })).toBeInTheDocument();
    expect(screen.queryByText('未开通会员')).toBeNull();
    unmount();
    (useAccess as jest.Mock).mockReturnValue({ canSeeOrderList: true });
    render(<HomePage />);
    expect(screen.getByText('未开通会员')).toBeInTheDocument();
    expect(screen.queryByTestId('dashboard')).toBeNull();
  });
});

/** The filters 订单列表's search form opens with for a query (its own columns decide what it reads). */
const orderFilters = (search: string) => listStateFromSearch(search, queryFields(orderColumns(true, () => null))).filters;

describe('list links', () => {
  it('round-trip through the URL', () => {
    const link = listLink('/client/orderList', { status: 'paid', created: ['2026-11-01', '2026-11-25'] });
    expect(orderFilters(link.slice(link.indexOf('?')))).toEqual({ status: 'paid', created: ['2026-11-01', '2026-11-25'] });
    expect(orderFilters('?created=bad,2026-11-01&other=1')).toEqual({});
  });
});
