/** 脚本编辑: a script saved, restored or approved makes the screen ask the plug-in connected to this browser to fetch its scripts now. */
import { fireEvent, render, screen } from '@testing-library/react';
import ScriptScreen from '@/pages/client/system/JsonEditor/components/ScriptScreen';

const mockRefreshScripts = jest.fn();
jest.mock('@umijs/max', () => ({
  useRouteProps: () => ({ title: '动作脚本' }),
  useModel: (name: string) => (name === 'extension' ? { refreshScripts: mockRefreshScripts } : {}),
  useAccess: () => ({ canApproveScript: true }),
}));
// The list and the drawers are tested elsewhere: here each reports its change at a click.
jest.mock('@/components/ListTable', () => ({ toolBarRender }: { toolBarRender: () => React.ReactNode[] }) => <div>{toolBarRender()}</div>);
jest.mock('@/services/usePagedList', () => ({ usePagedList: () => ({}) }));
jest.mock('@/pages/client/system/JsonEditor/components/ScriptEditorDrawer', () => ({ onSaved }: { onSaved: () => void }) => (
  <button onClick={onSaved}>saved</button>
));
jest.mock('@/pages/client/system/JsonEditor/components/ScriptHistoryDrawer', () => ({ onRestored }: { onRestored: () => void }) => (
  <button onClick={onRestored}>restored</button>
));

jest.mock('@/pages/client/system/JsonEditor/components/ScriptReviewDrawer', () => ({ onApproved }: { onApproved: () => void }) => (
  <button onClick={onApproved}>approved</button>
));

beforeEach(() => mockRefreshScripts.mockReset().mockResolvedValue(undefined));

test.each(['saved', 'restored', 'approved'])('a script %s: the plug-in is told to fetch its scripts', (change) => {
  render(<ScriptScreen kind="action" />);
  expect(mockRefreshScripts).not.toHaveBeenCalled();
  fireEvent.click(screen.getByRole('button', { name: change }));
  expect(mockRefreshScripts).toHaveBeenCalledTimes(1);
});
