/** /client/home: greeting and membership from the global state, refreshed when the tab regains focus. */
import { useAccess, useModel } from '@umijs/max';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import HomePage, { greeting } from '@/pages/client/Home';
import { saveLogin } from '@/auth/session';
import { callApi } from '@/services/request';
import { FIGURE_TITLES } from '@/pages/client/Home/HomeFigures';
import { byPath } from './support/requestMock';

jest.mock('@umijs/max', () => ({
  useModel: jest.fn(),
  useAccess: jest.fn(() => ({})),
  Link: ({ children }: { children: React.ReactNode }) => <a>{children}</a>,
}));
// eslint-disable-next-line @typescript-eslint/no-require-imports -- jest.mock factories run before imports
jest.mock('@/services/request', () => require('./support/requestMock').requestMock());
jest.mock('@/services/plugin', () => ({
  pluginInstallLink: async () => ({ url: 'https://store.example.com/plugin', source: 'store', version: null }),
}));
// A salesperson's referral cards: their own lazily loaded chunk, stood in for here.
// (jest runs no dynamic import()).
jest.mock('@/pages/client/Home/loadPromotionCards', () => ({
  loadPromotionCards: async () => ({ default: () => <section data-testid="home-promotion" /> }),
}));

const summaryAnswer = (content: object) => content;
/** 首页's two reads, each answered by its own mock (with the call's body). */
const getOne = jest.fn();
const getSummary = jest.fn();
const MEMBER_SUMMARY = { membership: null, shopCount: 2, orderCount: 5, sale: null };

const DAY = 86_400_000;

const plugin = {
  connected: false,
  pluginVersion: null as string | null,
  release: null as object | null,
  running: null,
  bindShop: jest.fn(async () => true),
  joinCreator: jest.fn(async () => true),
  stop: jest.fn(async () => true),
};

function withState(state: object) {
  (useModel as jest.Mock).mockImplementation((namespace: string) => (namespace === 'extension' ? plugin : { initialState: state }));
}

async function focusWindow() {
  await act(async () => {
    window.dispatchEvent(new Event('focus'));
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
}

beforeEach(() => {
  jest.clearAllMocks();
  Object.assign(plugin, { connected: false, pluginVersion: null, release: null });
  (useAccess as jest.Mock).mockReturnValue({});
  getSummary.mockResolvedValue(summaryAnswer(MEMBER_SUMMARY));
  jest.mocked(callApi).mockImplementation(byPath({ 'account/getOne': () => getOne(), 'profile/summary': (body) => getSummary(body) }));
});

describe('home', () => {
  it('greets by the time of day', () => {
    expect(greeting(3)).toBe('夜深了');
    expect(greeting(9)).toBe('早上好');
    expect(greeting(12)).toBe('中午好');
    expect(greeting(15)).toBe('下午好');
    expect(greeting(20)).toBe('晚上好');
  });

  it('shows the membership the startup fetched, without fetching again', () => {
    saveLogin({ token: 't', expires: Date.now() + DAY, username: 'amy', email: 'amy@example.com', membership: null }, false);
    withState({
      username: 'amy',
      email: 'amy@example.com',
      membershipInfo: { levelId: 2, name: '专业版', expiresAt: Date.UTC(2030, 0, 15) },
    });
    render(<HomePage />);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(/，amy$/);
    expect(screen.getByText('专业版')).toBeInTheDocument();
    expect(screen.getByText(/有效期至 2030-01-1[45]/)).toBeInTheDocument();
    expect(getOne).not.toHaveBeenCalled();
  });

  it('says when there is no membership, with the way to the member centre', () => {
    saveLogin({ token: 't', expires: Date.now() + DAY, username: 'bob', email: 'b@example.com', membership: null }, false);
    withState({ username: 'bob', email: 'b@example.com', membershipInfo: null });
    render(<HomePage />);
    expect(screen.getByText('未开通会员')).toBeInTheDocument();
    expect(screen.getByText('前往会员中心开通')).toBeInTheDocument();
  });

  it('refreshes the account when the tab regains focus', async () => {
    saveLogin({ token: 't', expires: Date.now() + DAY, username: 'cat', email: 'c@example.com', membership: null }, false);
    withState({ username: 'cat', email: 'c@example.com', membershipInfo: null });
    getOne.mockResolvedValue({
      username: 'cat',
      email: 'c@example.com',
      membership: { levelId: 3, name: '旗舰版', expiresAt: Date.now() + 30 * DAY },
    });
    render(<HomePage />);
    expect(screen.getByText('未开通会员')).toBeInTheDocument();
    await focusWindow();
    expect(getOne).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('旗舰版')).toBeInTheDocument();
  });

  it("shows a salesperson's referral cards above its home, and none to a member", async () => {
    saveLogin({ token: 't', expires: Date.now() + DAY, username: 'fay', email: 'f@example.com', membership: null }, false);
    withState({ username: 'fay', email: 'f@example.com', membershipInfo: null });
    const member = render(<HomePage />);
    expect(screen.queryByTestId('home-promotion')).toBeNull();
    member.unmount();
    (useAccess as jest.Mock).mockReturnValue({ canSeePromotion: true });
    render(<HomePage />);
    expect(await screen.findByTestId('home-promotion')).toBeInTheDocument();
    expect(screen.getByText('未开通会员')).toBeInTheDocument();
  });

  it('makes no call without a session', async () => {
    withState({ username: '', email: '', membershipInfo: null });
    render(<HomePage />);
    await focusWindow();
    expect(getOne).not.toHaveBeenCalled();
    expect(getSummary).not.toHaveBeenCalled();
  });

  it("shows the account's shops and orders, in one call with this month's start", async () => {
    saveLogin({ token: 't', expires: Date.now() + DAY, username: 'dan', email: 'd@example.com', membership: null }, false);
    withState({ username: 'dan', email: 'd@example.com', membershipInfo: null });
    render(<HomePage />);
    expect(await screen.findByText(FIGURE_TITLES.shops)).toBeInTheDocument();
    expect(screen.getByTestId('figure-shops')).toHaveTextContent('2');
    expect(screen.getByTestId('figure-orders')).toHaveTextContent('5');
    expect(screen.queryByText(FIGURE_TITLES.balance)).toBeNull();
    expect(getSummary).toHaveBeenCalledTimes(1);
    const { monthStart } = getSummary.mock.calls[0][0];
    const start = new Date(monthStart);
    expect(start.getDate()).toBe(1);
    expect(start.getHours()).toBe(0);
  });

  it("adds the payable balance, the held commissions and this month's commission for a salesperson, in yuan", async () => {
    getSummary.mockResolvedValue(
      summaryAnswer({
        ...MEMBER_SUMMARY,
        sale: { balanceCents: 1298000, pendingCents: 990, owedCents: 0, heldCents: 0, monthCommissionCents: 2990 },
      }),
    );
    saveLogin({ token: 't', expires: Date.now() + DAY, username: 'eve', email: 'e@example.com', membership: null }, false);
    withState({ username: 'eve', email: 'e@example.com', membershipInfo: null });
    render(<HomePage />);
    expect(await screen.findByTestId('figure-balance')).toHaveTextContent('12,980.00');
    expect(screen.getByTestId('figure-pending')).toHaveTextContent('9.90');
    expect(screen.getByTestId('figure-month-commission')).toHaveTextContent('29.90');
    // Nothing owed: no 待扣回 figure.
    expect(screen.queryByTestId('figure-owed')).toBeNull();
  });

  it('shows 待扣回 while a clawback left the salesperson owing', async () => {
    getSummary.mockResolvedValue(
      summaryAnswer({
        ...MEMBER_SUMMARY,
        sale: { balanceCents: 0, pendingCents: 0, owedCents: 1250, heldCents: 0, monthCommissionCents: -1250 },
      }),
    );
    saveLogin({ token: 't', expires: Date.now() + DAY, username: 'eve', email: 'e@example.com', membership: null }, false);
    withState({ username: 'eve', email: 'e@example.com', membershipInfo: null });
    render(<HomePage />);
    expect(await screen.findByTestId('figure-owed')).toHaveTextContent('12.50');
    expect(screen.getByText(FIGURE_TITLES.owed)).toBeInTheDocument();
  });
});

describe('home plug-in panel', () => {
  const member = { levelId: 2, name: '专业版', expiresAt: Date.now() + 30 * DAY, shopQuota: 3, productQuota: 3 };

  function renderHome(membership: object | null) {
    saveLogin({ token: 't', expires: Date.now() + DAY, username: 'amy', email: 'a@example.com', membership: null }, false);
    withState({ username: 'amy', email: 'a@example.com', membershipInfo: membership });
    render(<HomePage />);
  }

  const typeIds = (text: string) => fireEvent.change(screen.getByLabelText('商品 ID 列表'), { target: { value: text } });
  const click = async (label: RegExp) => {
    await act(async () => {
      fireEvent.click(screen.getByText(label, { selector: 'button span' }).closest('button')!);
    });
  };

  it('shows the connection state with the way to install the plug-in', async () => {
    renderHome(member);
    expect(screen.getByText('插件未连接')).toBeInTheDocument();
    expect((await screen.findByText(/安装插件/)).closest('a')).toHaveAttribute('href', 'https://store.example.com/plugin');
  });

  const LATEST = {
    version: '1.3.0',
    changelog: '修复店铺绑定\n支持新的达人广场',
    downloadUrl: 'https://downloads.example.com/plugin-1.3.0.zip',
    minSupportedVersion: '1.1.0',
    releasedAt: '2026-11-20T08:00:00.000Z',
  };

  it('says nothing about releases while the plug-in reports none or is up to date', async () => {
    Object.assign(plugin, {
      connected: true,
      pluginVersion: '1.3.0',
      release: { latest: LATEST, supported: true, updateAvailable: false },
    });
    renderHome(member);
    expect(await screen.findByText(FIGURE_TITLES.shops)).toBeInTheDocument();
    expect(screen.getByText('插件已连接 v1.3.0')).toBeInTheDocument();
    expect(screen.queryByTestId('plugin-release-alert')).toBeNull();
  });

  it("shows 插件有新版本 with the release's changelog and download link", async () => {
    Object.assign(plugin, { connected: true, pluginVersion: '1.2.0', release: { latest: LATEST, supported: true, updateAvailable: true } });
    renderHome(member);
    expect(await screen.findByText(FIGURE_TITLES.shops)).toBeInTheDocument();
    const alert = screen.getByTestId('plugin-release-alert');
    expect(alert).toHaveClass('ant-alert-warning');
    expect(alert).toHaveTextContent('插件有新版本 v1.3.0');
    expect(alert).toHaveTextContent('当前插件 v1.2.0');
    expect(alert).toHaveTextContent('修复店铺绑定');
    expect(alert).toHaveTextContent('支持新的达人广场');
    expect(screen.getByRole('link', { name: /下载新版本 v1\.3\.0/ })).toHaveAttribute('href', LATEST.downloadUrl);
  });

  it('says 插件版本过低 when the plug-in is below the minimum, and the flows still go to the plug-in model (which refuses them)', async () => {
    Object.assign(plugin, {
      connected: true,
      pluginVersion: '1.0.0',
      release: { latest: LATEST, supported: false, updateAvailable: true },
    });
    renderHome(member);
    expect(await screen.findByText(FIGURE_TITLES.shops)).toBeInTheDocument();
    const alert = screen.getByTestId('plugin-release-alert');
    expect(alert).toHaveClass('ant-alert-error');
    expect(alert).toHaveTextContent('插件版本过低');
    expect(alert).toHaveTextContent('当前插件 v1.0.0 低于最低支持版本 v1.1.0');
    expect(screen.getByRole('link', { name: /下载新版本/ })).toHaveAttribute('href', LATEST.downloadUrl);
    await click(/^停\s*止$/);
    expect(plugin.stop).toHaveBeenCalledTimes(1);
  });

  it('joins with the de-duplicated digits-only list', async () => {
    renderHome(member);
    typeIds('1001\n1002,1001');
    expect(screen.getByTestId('product-ids-summary')).toHaveTextContent('共 2 个（已去除 1 个重复），本次最多 3 个');
    await click(/^加入达人计划$/);
    expect(plugin.joinCreator).toHaveBeenCalledWith(
      ['1001', '1002'],
      expect.objectContaining({ url: expect.stringMatching(/^https:/), platform: 'tiktok' }),
    );
  });

  it('refuses a list over the quota, a non-digit entry, an empty list and a member without a level', async () => {
    renderHome(member);
    typeIds('1 2 3 4');
    expect(screen.getByTestId('product-ids-summary')).toHaveTextContent('当前会员每次最多 3 个商品 ID，已输入 4 个');
    typeIds('1 x2');
    expect(screen.getByTestId('product-ids-summary')).toHaveTextContent('商品 ID 只能是数字：x2');
    typeIds('');
    await click(/^加入达人计划$/);
    expect(screen.getByTestId('product-ids-summary')).toHaveTextContent('请输入商品 ID');
    expect(plugin.joinCreator).not.toHaveBeenCalled();
  });

  it('asks for a level before joining', async () => {
    renderHome(null);
    typeIds('1001');
    expect(screen.getByTestId('product-ids-summary')).toHaveTextContent('开通会员后才能加入达人计划');
    await click(/^加入达人计划$/);
    expect(plugin.joinCreator).not.toHaveBeenCalled();
  });

  it('binds a shop only with a valid url, and stops on request', async () => {
    renderHome(member);
    fireEvent.change(screen.getByPlaceholderText(/seller/), { target: { value: 'not a url' } });
    await click(/^绑定店铺$/);
    expect(await screen.findByText('请输入以 http:// 或 https:// 开头的店铺地址')).toBeInTheDocument();
    expect(plugin.bindShop).not.toHaveBeenCalled();
    fireEvent.change(screen.getByPlaceholderText(/seller/), { target: { value: 'https://shop.example/bind' } });
    await click(/^绑定店铺$/);
    await waitFor(() => expect(plugin.bindShop).toHaveBeenCalledWith({ shopType: 'tiktok', url: 'https://shop.example/bind' }));
    await click(/^停\s*止$/);
    expect(plugin.stop).toHaveBeenCalledTimes(1);
  });
});
