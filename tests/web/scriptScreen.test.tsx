/**
 * 脚本编辑: a script saved, restored or approved makes the screen ask the plug-in connected to this
 * browser to fetch its scripts now; a canary row says 灰度中 and offers 全量发布 and 回滚 under 灰度,
 * each after a confirmation.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { callApi } from '@/services/request';
import { ROLLOUT_UI_TEXT } from '@/locales/zh-CN/content';
import { byPath } from './support/requestMock';
import ScriptScreen from '@/pages/client/system/JsonEditor/components/ScriptScreen';

const mockRefreshScripts = jest.fn();
jest.mock('@umijs/max', () => ({
  useRouteProps: () => ({ title: '动作脚本' }),
  useModel: (name: string) => (name === 'extension' ? { refreshScripts: mockRefreshScripts } : {}),
  useAccess: () => ({ canApproveScript: true }),
}));
// The list and the drawers are tested elsewhere: here the rows are rendered cell by cell, and each drawer reports its change at a click.
jest.mock('@/components/ListTable', () => (props: any) => (
  <div>
    {props.toolBarRender()}
    {(props.dataSource ?? []).map((row: any) => (
      <div key={row.id} data-testid={`row-${row.id}`}>
        {props.columns.map((column: any, index: number) => (
          <span key={index}>{column.render ? column.render(undefined, row) : row[column.dataIndex]}</span>
        ))}
      </div>
    ))}
  </div>
));
let mockRows: object[] = [];
jest.mock('@/services/usePagedList', () => ({ usePagedList: () => ({ dataSource: mockRows }) }));
// eslint-disable-next-line @typescript-eslint/no-require-imports -- jest.mock factories run before imports
jest.mock('@/services/request', () => require('./support/requestMock').requestMock());
jest.mock('@/pages/client/system/JsonEditor/components/ScriptEditorDrawer', () => ({ onSaved }: { onSaved: () => void }) => (
  <button onClick={onSaved}>saved</button>
));
jest.mock('@/pages/client/system/JsonEditor/components/ScriptHistoryDrawer', () => ({ onRestored }: { onRestored: () => void }) => (
  <button onClick={onRestored}>restored</button>
));

jest.mock('@/pages/client/system/JsonEditor/components/ScriptReviewDrawer', () => ({ onApproved }: { onApproved: () => void }) => (
  <button onClick={onApproved}>approved</button>
));

beforeEach(() => {
  mockRefreshScripts.mockReset().mockResolvedValue(undefined);
  mockRows = [];
  jest.mocked(callApi).mockReset();
});

test.each(['saved', 'restored', 'approved'])('a script %s: the plug-in is told to fetch its scripts', (change) => {
  render(<ScriptScreen kind="action" />);
  expect(mockRefreshScripts).not.toHaveBeenCalled();
  fireEvent.click(screen.getByRole('button', { name: change }));
  expect(mockRefreshScripts).toHaveBeenCalledTimes(1);
});

const canaryRow = {
  id: 7,
  kind: 'action',
  name: '读取店铺信息',
  enabled: true,
  currentVersion: 5,
  liveVersion: 5,
  pending: false,
  pendingAuthors: [],
  revision: 9,
  updatedBy: 'demo_operator',
  updatedAt: '2026-11-28T08:00:00.000Z',
  rollout: {
    version: 5,
    stableVersion: 4,
    usernames: ['demo_member'],
    percent: 10,
    startedBy: 'demo_reviewer',
    startedAt: '2026-11-28T08:00:00.000Z',
  },
};

const promoted = { ...canaryRow, rollout: null };

test.each([
  [ROLLOUT_UI_TEXT.promote, 'script/promote', ROLLOUT_UI_TEXT.promoteConfirm(5)],
  [ROLLOUT_UI_TEXT.rollback, 'script/rollback', ROLLOUT_UI_TEXT.rollbackConfirm(4)],
])('a canary row: 灰度中, and %s under 灰度 after its confirmation', async (action, path, question) => {
  mockRows = [canaryRow];
  jest.mocked(callApi).mockImplementation(byPath({ 'script/healthOverview': [], 'script/promote': promoted, 'script/rollback': promoted }));
  render(<ScriptScreen kind="action" />);
  const row = screen.getByTestId('row-7');
  expect(row.textContent).toContain(ROLLOUT_UI_TEXT.canary);
  fireEvent.click(screen.getByRole('button', { name: new RegExp(ROLLOUT_UI_TEXT.actions) }));
  fireEvent.click(await screen.findByText(action));
  expect((await screen.findAllByText(question)).length).toBeGreaterThan(0);
  expect(callApi).not.toHaveBeenCalledWith(path, expect.anything());
  await act(async () => {
    // The confirmation's OK (role queries over antd's page take seconds): its last button named so.
    const named = new RegExp(action.split('').join(' ?'));
    fireEvent.click([...document.querySelectorAll('.ant-modal button')].filter((found) => named.test(found.textContent ?? '')).at(-1)!);
  });
  await waitFor(() => expect(callApi).toHaveBeenCalledWith(path, { id: 7 }));
  await waitFor(() => expect(mockRefreshScripts).toHaveBeenCalled());
});
