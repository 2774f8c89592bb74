/** 安装插件: the configured store page, else the latest release's download, else a plain "none yet". */
import { render, screen } from '@testing-library/react';
import { InstallButton, InstallLink } from '@/extensionBridge/InstallLink';
import { PLUGIN_INSTALL_TEXT } from '@/locales/zh-CN/plugin';
import { pluginInstallLink } from '@/services/plugin';

jest.mock('@/services/plugin', () => ({ pluginInstallLink: jest.fn() }));
// Each case reads its own answer: the cache is keyed per page load.
jest.mock('@/services/useCachedRequest', () => ({
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- jest.mock factories run before imports
  useCachedRequest: (service: () => Promise<unknown>) => require('ahooks').useRequest(service),
}));

const answering = (content: { url: string | null; source: 'store' | 'release' | null; version: string | null }) =>
  (pluginInstallLink as jest.Mock).mockResolvedValue(content);

describe('InstallLink', () => {
  it('links to the configured store page', async () => {
    answering({ url: 'https://store.example.com/plugin', source: 'store', version: null });
    render(<InstallLink />);
    const link = (await screen.findByText(PLUGIN_INSTALL_TEXT.install)).closest('a');
    expect(link).toHaveAttribute('href', 'https://store.example.com/plugin');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('with nothing published nor configured, leads nowhere and says so', async () => {
    answering({ url: null, source: null, version: null });
    render(<InstallLink />);
    const text = await screen.findByText(PLUGIN_INSTALL_TEXT.install);
    expect(text.closest('a')).toBeNull();
    expect(text.closest('[aria-disabled="true"]')).not.toBeNull();
  });

  it('the intro button downloads the latest release', async () => {
    answering({ url: 'https://downloads.example.com/plugin-1.3.0.zip', source: 'release', version: '1.3.0' });
    render(<InstallButton />);
    const button = await screen.findByRole('link', { name: PLUGIN_INSTALL_TEXT.installBrowser });
    expect(button).toHaveAttribute('href', 'https://downloads.example.com/plugin-1.3.0.zip');
  });
});
