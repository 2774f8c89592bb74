/**
 * 运行记录 and 插件运行记录 (src/components/PluginRuns): the rows and the URL's filters reach the
 * list call, the drawer shows a run's failing step and items (filtered by outcome), 重试失败项 hands
 * the plug-in exactly the failed ids after its confirmation, staff see the account and retry
 * nothing; 首页's plug-in card says how the last run went and reads it again when a flow ends.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { history } from '@umijs/max';
import PluginRuns from '@/pages/client/PluginRuns';
import AllPluginRuns from '@/pages/client/system/PluginRuns';
import PluginPanel from '@/pages/client/Home/PluginPanel';
import { runsBody } from '@/components/PluginRuns/RunsList';
import { CREATOR_PAGE } from '@/extensionBridge/platform';
import { RUN_UI_TEXT } from '@/locales/zh-CN/runs';
import { saveLogin } from '@/auth/session';
import { callApi } from '@/services/request';
import { bodiesOf } from './support/callBodies';
import { byPath } from './support/requestMock';
import { bind, detail, join, page, runRow } from './support/runFixtures';

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
  ...require('./support/umiRouter').memoryUmi('/client/pluginRuns'),
  useAccess: () => mockAccess,
  useModel: (namespace: string) => (namespace === 'extension' ? mockPlugin : { initialState: { username: 'amy' } }),
  Link: ({ children, to }: { children: React.ReactNode; to: string }) => <a href={to}>{children}</a>,
}));
// eslint-disable-next-line @typescript-eslint/no-require-imports -- jest.mock factories run before imports
jest.mock('@/services/request', () => require('./support/requestMock').requestMock());

/** The open drawer, once its run has loaded. */
async function openDrawer(): Promise<HTMLElement> {
  return waitFor(
    () => {
      const found = document.querySelector<HTMLElement>('.ant-drawer-content');
      if (!found?.querySelector('.ant-descriptions-item')) throw new Error('the drawer has not loaded its run yet');
      return found;
    },
    { timeout: 5_000 },
  );
}

beforeEach(() => {
  jest.clearAllMocks();
  mockAccess = { canSeePluginRuns: true, canExportPluginRuns: true };
  mockPlugin.running = null;
  history.replace('/client/pluginRuns');
  saveLogin({ token: 't', expires: Date.now() + 86_400_000, username: 'amy', email: 'amy@example.com', membership: null }, false);
  jest.mocked(callApi).mockImplementation(byPath({ 'run/mine': page([join, bind]), 'run/get': detail }));
});

describe('运行记录', () => {
  it('lists the runs: flow, status, the counts of a join and a dash for a bind', async () => {
    render(<PluginRuns />);
    const row = (await screen.findByText('加入达人计划', { selector: 'td' })).closest('tr')!;
    expect(within(row).getByText('部分失败')).toBeTruthy();
    expect(within(row).getByText('TikTok Shop')).toBeTruthy();
    expect(row.textContent).toContain('1/1/2');
    const bindRow = screen.getByText('绑定店铺', { selector: 'td' }).closest('tr')!;
    expect(within(bindRow).getByText('成功')).toBeTruthy();
    expect(bodiesOf('run/mine')[0]).toEqual({ current: 1, pageSize: 10 });
    expect(screen.getByText(RUN_UI_TEXT.mineTitle)).toBeTruthy();
  });

  it('sends the URL’s filters: flow, status and the start dates as whole business days', async () => {
    history.replace('/client/pluginRuns?flow=join&status=failed&started=2026-11-01,2026-11-02');
    render(<PluginRuns />);
    await waitFor(() => expect(bodiesOf('run/mine')).toHaveLength(1));
    const body = bodiesOf('run/mine')[0];
    expect(body).toMatchObject({ flow: 'join', status: 'failed', current: 1, pageSize: 10 });
    expect(new Date(body.startedTo as string).getTime() - new Date(body.startedFrom as string).getTime()).toBe(2 * 86_400_000);
    expect(body).not.toHaveProperty('started');
  });

  it('turns the date range into the call’s bounds and drops it when empty', () => {
    expect(runsBody({ status: 'failed' })).toEqual({ status: 'failed' });
    const body = runsBody({ started: ['2026-11-01', '2026-11-01'] });
    expect(new Date(body.startedTo as string).getTime() - new Date(body.startedFrom as string).getTime()).toBe(86_400_000);
  });

  it('shows an empty list as such, and a failed load with 重试', async () => {
    jest.mocked(callApi).mockImplementation(byPath({ 'run/mine': page([]) }));
    const { unmount } = render(<PluginRuns />);
    expect(await screen.findByText(RUN_UI_TEXT.empty)).toBeTruthy();
    unmount();
    jest.mocked(callApi).mockImplementation(byPath({}));
    render(<PluginRuns />);
    expect(await screen.findByText('加载失败')).toBeTruthy();
  });

  it('opens a run: its scripts, the failing step, and its items filtered by outcome', async () => {
    render(<PluginRuns />);
    fireEvent.click((await screen.findAllByText(RUN_UI_TEXT.view))[0]);
    const drawer = await openDrawer();
    expect(bodiesOf('run/get')).toEqual([{ id: 41 }]);
    expect(within(drawer).getByTestId('run-failed-step').textContent).toBe('第 4 步（click）：找不到元素 #invite');
    expect(drawer.textContent).toContain('批量邀请达人 第 3 版');
    const ids = () => [...drawer.querySelectorAll('.ant-table-tbody .ant-table-row > td:first-child')].map((cell) => cell.textContent);
    expect(ids()).toEqual(['1729384756', '1729384757', '1729384758', '1729384759']);
    expect(within(drawer).getByText('页面超时')).toBeTruthy();
    fireEvent.mouseDown(drawer.querySelector('.ant-select-selector')!);
    fireEvent.click(await screen.findByTitle('失败（2）'));
    await waitFor(() => expect(ids()).toEqual(['1729384757', '1729384759']));
  });

  it("names a stop by staff's pause 停止原因, not a failing step", async () => {
    const paused = { index: null, name: null, message: '加入达人计划已暂停：达人页面改版', scriptId: null };
    jest
      .mocked(callApi)
      .mockImplementation(byPath({ 'run/mine': page([join]), 'run/get': { ...detail, status: 'stopped', failedStep: paused } }));
    render(<PluginRuns />);
    fireEvent.click((await screen.findAllByText(RUN_UI_TEXT.view))[0]);
    const drawer = await openDrawer();
    expect(within(drawer).getByTestId('run-failed-step').textContent).toBe(paused.message);
    expect(within(drawer).getByText(RUN_UI_TEXT.stopReason)).toBeTruthy();
    expect(within(drawer).queryByText(RUN_UI_TEXT.failedStep)).toBeNull();
  });

  it('重试失败项 starts a join of exactly the failed ids, after the confirmation', async () => {
    render(<PluginRuns />);
    fireEvent.click((await screen.findAllByText(RUN_UI_TEXT.view))[0]);
    const drawer = await openDrawer();
    fireEvent.click(within(drawer.closest<HTMLElement>('.ant-drawer')!).getByText(RUN_UI_TEXT.retry));
    expect(await screen.findByText(RUN_UI_TEXT.retryConfirm(2))).toBeTruthy();
    expect(mockPlugin.joinCreator).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.click(screen.getByText(RUN_UI_TEXT.retryOk).closest('button')!);
    });
    expect(mockPlugin.joinCreator).toHaveBeenCalledTimes(1);
    expect(mockPlugin.joinCreator).toHaveBeenCalledWith(['1729384757', '1729384759'], CREATOR_PAGE);
    // The list reads again: the new run shows at its top.
    await waitFor(() => expect(bodiesOf('run/mine').length).toBeGreaterThan(1));
  });

  it('offers no retry for a run without failed ids or one still running', async () => {
    jest
      .mocked(callApi)
      .mockImplementation(
        byPath({ 'run/mine': page([join]), 'run/get': { ...detail, status: 'running', endedAt: null, failedStep: null } }),
      );
    render(<PluginRuns />);
    fireEvent.click((await screen.findAllByText(RUN_UI_TEXT.view))[0]);
    const drawer = await openDrawer();
    expect(within(drawer.closest<HTMLElement>('.ant-drawer')!).queryByText(RUN_UI_TEXT.retry)).toBeNull();
    expect(within(drawer).queryByTestId('run-failed-step')).toBeNull();
  });
});

describe('插件运行记录 (staff)', () => {
  it('shows the account column, sends the username filter, and opens a run without 重试', async () => {
    mockAccess = { canSeeAllPluginRuns: true };
    history.replace('/client/system/pluginRuns?username=am');
    jest.mocked(callApi).mockImplementation(byPath({ 'run/list': page([runRow(join, 'amy')]), 'run/get': detail }));
    render(<AllPluginRuns />);
    const cell = await screen.findByText('amy', { selector: 'td' });
    expect(screen.getByText('账号', { selector: 'th' })).toBeTruthy();
    expect(screen.getByText(RUN_UI_TEXT.allTitle)).toBeTruthy();
    expect(bodiesOf('run/list')[0]).toMatchObject({ username: 'am' });
    expect(screen.queryByText('导 出')).toBeNull();
    fireEvent.click(cell);
    const drawer = await openDrawer();
    expect(drawer.textContent).toContain('amy');
    expect(within(drawer.closest<HTMLElement>('.ant-drawer')!).queryByText(RUN_UI_TEXT.retry)).toBeNull();
  });
});

describe('首页’s last run', () => {
  it('says how the last run went, links to 运行记录, and reads it again when a flow ends', async () => {
    const view = render(<PluginPanel membership={null} username="amy" />);
    const line = await screen.findByTestId('plugin-last-run');
    expect(line.textContent).toContain('加入达人计划');
    expect(within(line).getByText('部分失败')).toBeTruthy();
    expect(within(line).getByText(RUN_UI_TEXT.viewRuns).getAttribute('href')).toBe('/client/pluginRuns');
    expect(bodiesOf('run/mine')).toEqual([{ current: 1, pageSize: 1 }]);
    mockPlugin.running = 'join';
    view.rerender(<PluginPanel membership={null} username="amy" />);
    jest.mocked(callApi).mockImplementation(byPath({ 'run/mine': page([{ ...join, id: 42, status: 'running' }]) }));
    mockPlugin.running = null;
    view.rerender(<PluginPanel membership={null} username="amy" />);
    expect(await within(line).findByText('运行中')).toBeTruthy();
    expect(bodiesOf('run/mine')).toHaveLength(2);
  });

  it('is not shown without 运行记录’s grant, and says when there is no run yet', async () => {
    mockAccess = {};
    const { unmount } = render(<PluginPanel membership={null} username="bob" />);
    expect(screen.queryByTestId('plugin-last-run')).toBeNull();
    expect(bodiesOf('run/mine')).toHaveLength(0);
    unmount();
    mockAccess = { canSeePluginRuns: true };
    jest.mocked(callApi).mockImplementation(byPath({ 'run/mine': page([]) }));
    render(<PluginPanel membership={null} username="bob" />);
    expect(await screen.findByText(RUN_UI_TEXT.noRuns)).toBeTruthy();
  });
});
