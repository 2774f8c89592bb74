/** The header's user menu (legacy §2 "Header and user menu"). */
import { history, useModel } from '@umijs/max';
import { act, fireEvent, render, screen } from '@testing-library/react';
import AvatarDropdown, { DEFAULT_AVATAR } from '@/components/Header/AvatarDropdown';
import HeaderActions from '@/components/Header';
import { saveLogin } from '@/auth/session';
import { logout } from '@/services/account';
import { UI_TEXT } from '@/locales/zh-CN/common';
import { PLUGIN_RELEASE_TEXT } from '@/locales/zh-CN/plugin';

jest.mock('@umijs/max', () => ({ history: { push: jest.fn() }, useModel: jest.fn() }));
jest.mock('@/services/account');

const text = UI_TEXT.header;
const setInitialState = jest.fn(async () => {});
const plugin = {
  start: jest.fn(async () => {}),
  clean: jest.fn(async () => true),
  sendToken: jest.fn(async () => {}),
  running: null,
  pluginVersion: '1.0.0' as string | null,
  release: null as object | null,
};

function withState(initialState: object | undefined) {
  (useModel as jest.Mock).mockImplementation((namespace: string) =>
    namespace === 'extension' ? plugin : { initialState, setInitialState },
  );
}

async function openMenu() {
  fireEvent.mouseEnter(screen.getByTestId('header-user'));
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 300));
  });
}

beforeEach(() => {
  jest.clearAllMocks();
  plugin.release = null;
});

describe('header user menu', () => {
  it("logged out: '未登录', a user icon, and only '登录账户', which goes to /login", async () => {
    withState({ username: '', email: '' });
    render(<AvatarDropdown />);
    expect(screen.getByTestId('header-username')).toHaveTextContent(text.anonymousName);
    expect(screen.queryByRole('img', { name: 'avatar' })).toBeNull();
    expect(screen.getByRole('img', { name: 'user' })).toBeInTheDocument();
    await openMenu();
    expect(screen.getByText(text.login)).toBeInTheDocument();
    expect(screen.queryByText(text.logout)).toBeNull();
    expect(screen.queryByText(text.personalSettings)).toBeNull();
    fireEvent.click(screen.getByText(text.login));
    expect(history.push).toHaveBeenCalledWith('/login');
  });

  it('logged in: the username, the default avatar image, 个人设置 and 退出登录', async () => {
    saveLogin({ token: 't', expires: Date.now() + 60_000, username: 'amy', email: 'amy@example.com', membership: null }, false);
    withState({ username: 'amy', email: 'amy@example.com' });
    render(<AvatarDropdown />);
    expect(screen.getByTestId('header-username')).toHaveTextContent('amy');
    expect(screen.getByRole('img', { name: 'avatar' })).toHaveAttribute('src', DEFAULT_AVATAR);
    await openMenu();
    expect(screen.getByText('amy@example.com')).toBeInTheDocument();
    expect(screen.queryByText(text.login)).toBeNull();
    fireEvent.click(screen.getByText(text.personalSettings));
    expect(history.push).toHaveBeenCalledWith('/user');
  });

  it('shows the placeholder email when none is known', async () => {
    saveLogin({ token: 't', expires: Date.now() + 60_000, username: 'amy', email: '', membership: null }, false);
    withState({ username: 'amy', email: '' });
    render(<AvatarDropdown />);
    await openMenu();
    expect(screen.getByText(text.placeholderEmail)).toBeInTheDocument();
  });

  it('log out clears every stored session value and lands on /login even when the call fails', async () => {
    (logout as jest.Mock).mockRejectedValue(new Error('Internal Server Error'));
    jest.spyOn(console, 'error').mockImplementation(() => {});
    saveLogin({ token: 't', expires: Date.now() + 60_000, username: 'amy', email: 'a@example.com', membership: null }, true);
    withState({ username: 'amy', email: 'a@example.com' });
    render(<AvatarDropdown />);
    await openMenu();
    await act(async () => {
      fireEvent.click(screen.getByText(text.logout));
    });
    expect(logout).toHaveBeenCalledTimes(1);
    expect(history.push).toHaveBeenCalledWith('/login');
    expect(plugin.sendToken).toHaveBeenCalledTimes(1);
    expect(setInitialState).toHaveBeenCalledWith(expect.objectContaining({ username: '', menulist: [] }));
    for (const key of ['token', 'expires', 'username', 'email', 'membership']) {
      expect(sessionStorage.getItem(key)).toBeNull();
      expect(localStorage.getItem(key)).toBeNull();
    }
  });

  it("has the broom with the tooltip '清除插件缓存', which runs the clean flow", async () => {
    withState(undefined);
    render(<HeaderActions />);
    expect(plugin.start).toHaveBeenCalledTimes(1);
    const broom = screen.getByRole('button', { name: text.cleanPluginCache });
    fireEvent.mouseEnter(broom);
    expect(await screen.findByText(text.cleanPluginCache, { selector: '.ant-tooltip-inner' })).toBeInTheDocument();
    fireEvent.click(broom);
    expect(plugin.clean).toHaveBeenCalledTimes(1);
  });
});

describe('header: the plug-in release notice', () => {
  const LATEST = {
    version: '1.3.0',
    changelog: '修复店铺绑定',
    downloadUrl: 'https://downloads.example.com/plugin-1.3.0.zip',
    minSupportedVersion: '1.1.0',
    releasedAt: null,
  };
  const notice = () => screen.queryByRole('button', { name: PLUGIN_RELEASE_TEXT.updateAvailable });

  it('is absent while the plug-in reports no release (a protocol-1 plug-in) or no newer one', () => {
    withState(undefined);
    const { rerender } = render(<HeaderActions />);
    expect(notice()).toBeNull();
    plugin.release = { latest: LATEST, supported: true, updateAvailable: false };
    rerender(<HeaderActions />);
    expect(notice()).toBeNull();
    expect(screen.queryByTestId('plugin-release-notice')).toBeNull();
  });

  it('shows 插件有新版本, which opens the changelog and the download link', async () => {
    plugin.release = { latest: LATEST, supported: true, updateAvailable: true };
    withState(undefined);
    render(<HeaderActions />);
    fireEvent.click(notice()!);
    const popover = await screen.findByTestId('plugin-release-popover');
    expect(screen.getByText('插件有新版本 v1.3.0')).toBeInTheDocument();
    expect(popover).toHaveTextContent('当前插件 v1.0.0');
    expect(popover).toHaveTextContent('修复店铺绑定');
    expect(screen.getByRole('link', { name: /下载新版本/ })).toHaveAttribute('href', LATEST.downloadUrl);
  });

  it('says 插件需要更新, in red, when the plug-in is below the minimum', async () => {
    plugin.release = { latest: LATEST, supported: false, updateAvailable: true };
    withState(undefined);
    render(<HeaderActions />);
    const button = screen.getByRole('button', { name: PLUGIN_RELEASE_TEXT.updateRequired });
    expect(button).toHaveClass('ant-btn-dangerous');
    fireEvent.click(button);
    expect(await screen.findByTestId('plugin-release-popover')).toHaveTextContent('当前插件 v1.0.0 低于最低支持版本 v1.1.0');
  });
});
