/**
 * The users screen shows only what the caller may do: the actions its role grants, on the rows it
 * may manage (never its own, never an account holding more than it), and only grantable roles.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import UsersManager from '@/pages/client/system/UsersManager';
import { callApi } from '@/services/request';
import { roleOptions } from '@/services/system';

let mockFlags: Record<string, boolean> = {};
jest.mock('@umijs/max', () => ({ useAccess: () => mockFlags, useModel: () => ({ initialState: { username: 'operator' } }) }));
jest.mock('@/services/request', () => ({ callApi: jest.fn() }));
jest.mock('@/services/system', () => ({
  change: jest.fn(),
  createAccount: jest.fn(),
  resetPassword: jest.fn(),
  roleOptions: jest.fn(),
  levelOptions: jest.fn(async () => []),
  salesOf: jest.fn(async () => []),
}));

const row = (id: number, username: string, manageable: boolean) => ({
  id,
  username,
  email: `${username}@example.com`,
  status: 'enabled',
  membership: null,
  roles: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  manageable,
});

const ALL_ACTIONS = { canSetRoles: true, canSetSale: true, canResetPassword: true, canSetAccountStatus: true, canCreateAccount: true, canExportAccounts: true };

beforeEach(() => {
  jest.mocked(callApi).mockResolvedValue({
    isSuccess: true,
    code: '00000',
    msg: '',
    content: { list: [row(1, 'root', false), row(2, 'operator', false), row(3, 'member', true)], total: 3, current: 1, pageSize: 10 },
  } as never);
  jest.mocked(roleOptions).mockResolvedValue([
    { id: 1, name: '超级管理员', code: 'super_admin', grantable: false },
    { id: 4, name: '会员', code: 'member', grantable: true },
  ]);
});

const rowOf = async (username: string) => (await screen.findByText(username)).closest('tr') as HTMLElement;

describe('users screen actions', () => {
  it('offers every granted action on a manageable row, none on its own or a stronger account', async () => {
    mockFlags = ALL_ACTIONS;
    render(<UsersManager />);
    const member = await rowOf('member');
    for (const label of ['设置角色', '设为销售', '重置密码', '停用']) expect(within(member).getByText(label)).toBeTruthy();
    const root = await rowOf('root');
    expect(within(root).getByText('无权操作')).toBeTruthy();
    expect(within(root).queryByText('重置密码')).toBeNull();
    expect(within(await rowOf('operator')).getByText('当前账号')).toBeTruthy();
    expect(screen.getByText('新建账号')).toBeTruthy();
    expect(screen.getByText(/^导\s?出$/)).toBeTruthy();
  });

  it('hides the actions the role does not grant', async () => {
    mockFlags = { canSetAccountStatus: true };
    render(<UsersManager />);
    const member = await rowOf('member');
    expect(within(member).getByText('停用')).toBeTruthy();
    for (const label of ['设置角色', '设为销售', '重置密码']) expect(within(member).queryByText(label)).toBeNull();
    expect(screen.queryByText('新建账号')).toBeNull();
    expect(screen.queryByText(/^导\s?出$/)).toBeNull();
  });

  it('offers only grantable roles in the role picker', async () => {
    mockFlags = ALL_ACTIONS;
    render(<UsersManager />);
    fireEvent.click(within(await rowOf('member')).getByText('设置角色'));
    // Role queries walk the whole table's DOM in jsdom (seconds each): find the dialog's select by class.
    const select = await waitFor(() => {
      const found = document.querySelector('.ant-modal .ant-select-selector');
      if (!found) throw new Error('the roles dialog is not open yet');
      return found;
    });
    fireEvent.mouseDown(select);
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option').length).toBeGreaterThan(0));
    const offered = [...document.querySelectorAll('.ant-select-item-option')].map((option) => option.getAttribute('title'));
    expect(offered).toEqual(['会员']);
  });
});
