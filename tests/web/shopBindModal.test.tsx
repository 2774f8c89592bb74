/** /client/shopManager's 绑定店铺 dialog: the bind flow through useModel('extension'), and its connection state. */
import { useModel } from '@umijs/max';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import BindShopModal from '@/pages/client/ShopManager/BindShopModal';

jest.mock('@umijs/max', () => ({ useModel: jest.fn() }));
jest.mock('@/services/plugin', () => ({
  pluginInstallLink: jest.fn(async () => ({ url: 'https://downloads.example.com/plugin-1.3.0.zip', source: 'release', version: '1.3.0' })),
}));

function pluginModel(connected: boolean) {
  const plugin = {
    connected,
    pluginVersion: connected ? '0.1.0' : null,
    running: null,
    start: jest.fn(async () => undefined),
    bindShop: jest.fn(async () => true),
  };
  (useModel as jest.Mock).mockImplementation(() => plugin);
  return plugin;
}

async function open() {
  fireEvent.click(screen.getByText('绑定店铺').closest('button')!);
  return screen.findByPlaceholderText(/seller\.tiktokglobalshop\.com/);
}

async function openAndSubmit(url: string) {
  const input = screen.queryByPlaceholderText(/seller\.tiktokglobalshop\.com/) ?? (await open());
  fireEvent.change(input, { target: { value: url } });
  await act(async () => {
    fireEvent.click(screen.getByText('去绑定').closest('button')!);
  });
}

describe('BindShopModal', () => {
  it('runs the bind flow with the shop type and the trimmed url, closes, and reloads once the flow ended', async () => {
    const plugin = pluginModel(true);
    let finishFlow: (ran: boolean) => void = () => {};
    plugin.bindShop.mockImplementation(() => new Promise<boolean>((resolve) => (finishFlow = resolve)));
    const onBound = jest.fn();
    render(<BindShopModal onBound={onBound} />);
    await open();
    expect(plugin.start).toHaveBeenCalled();
    expect(screen.getByText('插件已连接 v0.1.0')).toBeInTheDocument();
    await openAndSubmit('  https://seller.tiktokglobalshop.com/home  ');
    await waitFor(() =>
      expect(plugin.bindShop).toHaveBeenCalledWith({ shopType: 'tiktok', url: 'https://seller.tiktokglobalshop.com/home' }),
    );
    // The dialog closed: the user goes to the shop tab.
    await waitFor(() => expect(screen.queryByText('去绑定')).not.toBeInTheDocument());
    expect(onBound).not.toHaveBeenCalled();
    await act(async () => finishFlow(true));
    expect(onBound).toHaveBeenCalledTimes(1);
  });

  it('when the plug-in is not connected: says so with the install link (the latest release here), and stays open', async () => {
    const plugin = pluginModel(false);
    plugin.bindShop.mockResolvedValue(false);
    const onBound = jest.fn();
    render(<BindShopModal onBound={onBound} />);
    await openAndSubmit('https://seller.tiktokglobalshop.com/home');
    await waitFor(() => expect(plugin.bindShop).toHaveBeenCalled());
    expect(screen.getByText('插件未连接')).toBeInTheDocument();
    const install = (await screen.findByText('安装插件')).closest('a');
    expect(install).toHaveAttribute('href', 'https://downloads.example.com/plugin-1.3.0.zip');
    expect(install).toHaveAttribute('title', '下载插件 v1.3.0');
    expect(screen.getByText('去绑定')).toBeInTheDocument();
    expect(onBound).not.toHaveBeenCalled();
  });

  it('does not start a flow for an invalid url', async () => {
    const plugin = pluginModel(true);
    render(<BindShopModal onBound={jest.fn()} />);
    await openAndSubmit('seller.example.com');
    expect(await screen.findByText('请输入以 http:// 或 https:// 开头的店铺地址')).toBeInTheDocument();
    expect(plugin.bindShop).not.toHaveBeenCalled();
  });
});
