/**
 * The kill switch and pacing in the console: 首页's 绑定店铺 and 加入达人计划 say why they are
 * disabled while staff paused them (on that platform or every platform), and read the pauses again
 * when the bell brings a pause; 插件运行记录's 暂停与节奏 card pauses a flow for every platform,
 * resumes it after a confirmation and checks a pacing's waits, and shows nothing to change to staff
 * without the action.
 */
import { act as actInReact, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { PACING_DEFAULT } from '#contract/runs';
import { SHOP_PLATFORMS } from '#contract/shopPlatforms';
import ControlsCard from '@/components/PluginRuns/ControlsCard';
import { announceRecordChange } from '@/components/Notifications/recordChanges';
import { pausedReason } from '@/extensionBridge/pluginPauses';
import PluginPanel from '@/pages/client/Home/PluginPanel';
import { PLUGIN_CONTROL_TEXT } from '@/locales/zh-CN/runs';
import { callApi } from '@/services/request';
import { bodiesOf } from './support/callBodies';
import { byPath } from './support/requestMock';

const mockPlugin = {
  connected: true,
  pluginVersion: '3.0.0',
  release: null,
  protocolOutdated: false,
  running: null as string | null,
  joinCreator: jest.fn(async () => true),
  bindShop: jest.fn(async () => true),
  stop: jest.fn(async () => true),
};
let mockAccess: Record<string, boolean> = {};

jest.mock('@umijs/max', () => ({
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- jest.mock factories run before imports
  ...require('./support/umiRouter').memoryUmi('/client/home'),
  useAccess: () => mockAccess,
  useModel: (namespace: string) => (namespace === 'extension' ? mockPlugin : { initialState: { username: 'amy' } }),
  Link: ({ children, to }: { children: React.ReactNode; to: string }) => <a href={to}>{children}</a>,
}));
// eslint-disable-next-line @typescript-eslint/no-require-imports -- jest.mock factories run before imports
jest.mock('@/services/request', () => require('./support/requestMock').requestMock());

const pacing = SHOP_PLATFORMS.map(({ value }) => ({ platform: value, ...PACING_DEFAULT, custom: false }));
const controls = (pauses: object[] = []) => ({ pauses, pacing }) as never;
const joinPaused = { flow: 'join' as const, platform: 'tiktok' as const, reason: '达人页面改版', pausedAt: '2026-11-28T02:00:00.000Z' };
const bindPausedEverywhere = { flow: 'bind' as const, platform: null, reason: '平台维护', pausedAt: '2026-11-28T02:00:00.000Z' };
const membership = { levelName: '专业版', productQuota: 100, expiresAt: '2027-01-01T00:00:00.000Z' } as never;

const button = (name: RegExp) => screen.getByRole('button', { name });

// Role queries walk the whole antd page for accessible names (seconds a query here): the dialogs'
// parts are found by their text and their element instead.
const openDialog = () =>
  waitFor(() => {
    const found = document.querySelector<HTMLElement>('.ant-modal-wrap:not([style*="display: none"]) .ant-modal');
    if (!found) throw new Error('no dialog is open');
    return found;
  });
const buttonIn = (scope: HTMLElement, name: RegExp) => {
  const found = [...scope.querySelectorAll<HTMLButtonElement>('button')].find((button) => name.test(button.textContent ?? ''));
  if (!found) throw new Error(`no button ${name}`);
  return found;
};

beforeEach(() => {
  jest.clearAllMocks();
  mockAccess = { canSeeAllPluginRuns: true, canControlPluginRuns: true };
});

describe('pausedReason', () => {
  it('names the platform’s own pause first, else the one of every platform, else none', () => {
    const both = controls([{ ...joinPaused, platform: null, reason: '全部' }, joinPaused]);
    expect(pausedReason(both, 'join', 'tiktok')).toBe('加入达人计划已暂停：达人页面改版');
    expect(pausedReason(both, 'join', 'tiktok-us')).toBe('加入达人计划已暂停：全部');
    expect(pausedReason(both, 'bind', 'tiktok')).toBeNull();
    expect(pausedReason(undefined, 'join', 'tiktok')).toBeNull();
  });
});

describe('首页 while a flow is paused', () => {
  it('disables 加入达人计划 with the reason, keeps 停止 and 绑定店铺, and reads the pauses again when the bell brings one', async () => {
    let answer = controls([joinPaused]);
    jest.mocked(callApi).mockImplementation(byPath({ 'plugin/controls': () => answer }));
    render(<PluginPanel membership={membership} />);
    expect((await screen.findByTestId('join-paused')).textContent).toContain('加入达人计划已暂停：达人页面改版');
    expect(button(/加入达人计划/).hasAttribute('disabled')).toBe(true);
    expect(button(/停\s*止/).hasAttribute('disabled')).toBe(false);
    expect(button(/绑定店铺/).hasAttribute('disabled')).toBe(false);

    answer = controls([bindPausedEverywhere]);
    actInReact(() => announceRecordChange('plugin.paused'));
    expect((await screen.findByTestId('bind-paused')).textContent).toContain('绑定店铺已暂停：平台维护');
    await waitFor(() => expect(screen.queryByTestId('join-paused')).toBeNull());
    expect(button(/绑定店铺/).hasAttribute('disabled')).toBe(true);
    expect(button(/加入达人计划/).hasAttribute('disabled')).toBe(false);
    expect(bodiesOf('plugin/controls').length).toBeGreaterThanOrEqual(2);
  });
});

describe('暂停与节奏', () => {
  it('pauses a flow on every platform with a reason, then resumes it after a confirmation', async () => {
    jest.mocked(callApi).mockImplementation(
      byPath({
        'plugin/controls': controls(),
        'plugin/pause': controls([{ ...joinPaused, platform: null, reason: '脚本修复中' }]),
        'plugin/resume': controls(),
      }),
    );
    render(<ControlsCard />);
    await screen.findByText(PLUGIN_CONTROL_TEXT.noPauses);
    fireEvent.click(buttonIn(document.body, /暂停流程/));
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText(PLUGIN_CONTROL_TEXT.reason), { target: { value: '脚本修复中' } });
    fireEvent.click(buttonIn(dialog, /暂停流程/));
    await waitFor(() => expect(bodiesOf('plugin/pause')).toEqual([{ flow: 'join', platform: null, reason: '脚本修复中' }]));
    const card = screen.getByTestId('plugin-controls');
    expect(await within(card).findByText('加入达人计划 · 所有平台')).toBeTruthy();
    expect(within(card).getByText('脚本修复中')).toBeTruthy();

    fireEvent.click(buttonIn(card, /恢\s*复/));
    fireEvent.click(await waitFor(() => buttonIn(document.querySelector('.ant-popover')!, /确\s*定|OK/)));
    await waitFor(() => expect(bodiesOf('plugin/resume')).toEqual([{ flow: 'join', platform: null }]));
    expect(await within(card).findByText(PLUGIN_CONTROL_TEXT.noPauses)).toBeTruthy();
  });

  it('refuses a pacing whose shortest wait is longer than its longest, and sends a right one', async () => {
    const saved = controls();
    jest.mocked(callApi).mockImplementation(byPath({ 'plugin/controls': controls(), 'plugin/setPacing': saved }));
    render(<ControlsCard />);
    const card = await screen.findByTestId('plugin-controls');
    await within(card).findAllByText(PLUGIN_CONTROL_TEXT.default);
    fireEvent.click(within(card).getAllByText(PLUGIN_CONTROL_TEXT.setPacing)[0]);
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText(PLUGIN_CONTROL_TEXT.delayMin), { target: { value: '9000' } });
    fireEvent.click(buttonIn(dialog, /确\s*认|确\s*定|OK/));
    expect(await within(dialog).findByText(PLUGIN_CONTROL_TEXT.delaysOutOfOrder)).toBeTruthy();
    expect(bodiesOf('plugin/setPacing')).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText(PLUGIN_CONTROL_TEXT.delayMax), { target: { value: '12000' } });
    fireEvent.click(buttonIn(dialog, /确\s*认|确\s*定|OK/));
    await waitFor(() =>
      expect(bodiesOf('plugin/setPacing')).toEqual([
        { platform: 'tiktok', itemsPerMinute: 10, delayMinMs: 9000, delayMaxMs: 12000, dailyCap: 500 },
      ]),
    );
  });

  it('shows the pauses and pacing without a way to change them to staff without 暂停与节奏', async () => {
    mockAccess = { canSeeAllPluginRuns: true };
    jest.mocked(callApi).mockImplementation(byPath({ 'plugin/controls': controls([joinPaused]) }));
    render(<ControlsCard />);
    const card = await screen.findByTestId('plugin-controls');
    expect(await within(card).findByText('达人页面改版')).toBeTruthy();
    expect(within(card).getByText(PLUGIN_CONTROL_TEXT.readOnly)).toBeTruthy();
    expect(within(card).queryByRole('button', { name: /暂停流程|恢\s*复/ })).toBeNull();
    expect(within(card).queryByText(PLUGIN_CONTROL_TEXT.setPacing)).toBeNull();
  });
});
