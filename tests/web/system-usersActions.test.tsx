/**
 * The users screen shows only what the caller may do: the actions its role grants, on the rows it
 * may manage (never its own, never an account holding more than it), and only grantable roles.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import UsersManager from '@/pages/client/system/UsersManager';
import { callApi } from '@/services/request';
import { byPath } from './support/requestMock';

let mockFlags: Record<string, boolean> = {};
jest.mock('@umijs/max', () => ({
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- jest.mock factories run before imports
  ...require('./support/umiRouter').memoryUmi(),
  useAccess: () => mockFlags,
  useModel: () => ({ initialState: { username: 'operator' } }),
}));
// eslint-disable-next-line @typescript-eslint/no-require-imports -- jest.mock factories run before imports
jest.mock('@/services/request', () => require('./support/requestMock').requestMock());

const row = (id: number, username: string, manageable: boolean) => ({
  id,
  username,
  email: `${username}@example.com`,
  status: 'enabled' as const,
  membership: null,
  roles: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  manageable,
});

const ALL_ACTIONS = {
  canSetRoles: true,
  canSetSale: true,
  canResetPassword: true,
  canSetAccountStatus: true,
  canCreateAccount: true,
  canExportAccounts: true,
};

beforeEach(() => {
  answerList({
    list: [row(1, 'root', false), row(2, 'operator', false), row(3, 'member', true)],
    total: 3,
    current: 1,
    pageSize: 10,
  });
});

/** The users screen's calls: this page of accounts, its roles and levels, no salespeople. */
function answerList(page: object) {
  jest.mocked(callApi).mockImplementation(
    byPath({
      'account/list': page,
      'role/options': [
        { id: 1, name: '超级管理员', code: 'super_admin', grantable: false },
        { id: 4, name: '会员', code: 'member', grantable: true },
      ],
      'membershipLevel/options': [],
      'sale/ofAccounts': [],
    }),
  );
}

const rowOf = async (username: string) => (await screen.findByText(username)).closest('tr') as HTMLElement;

/** Opens a row's 更多 dropdown and reads its items. */
async function moreActionsOf(row: HTMLElement) {
  fireEvent.click(within(row).getByText('更多'));
  await waitFor(() => expect(document.querySelectorAll('.ant-dropdown-menu-item').length).toBeGreaterThan(0));
  return [...document.querySelectorAll('.ant-dropdown-menu-item')].map((item) => item.textContent);
}

describe('users screen actions', () => {
  it('offers every granted action on a manageable row, none on its own or a stronger account', async () => {
    mockFlags = ALL_ACTIONS;
    render(<UsersManager />);
    const member = await rowOf('member');
    for (const label of ['详情', '设置角色', '停用']) expect(within(member).getByText(label)).toBeTruthy();
    // The rarely used ones are under 更多.
    expect(within(member).queryByText('重置密码')).toBeNull();
    expect(await moreActionsOf(member)).toEqual(['设为销售', '重置密码', '重置两步验证']);
    const root = await rowOf('root');
    expect(within(root).getByText('无权操作')).toBeTruthy();
    expect(within(root).queryByText('更多')).toBeNull();
    expect(within(await rowOf('operator')).getByText('当前账号')).toBeTruthy();
    expect(screen.getByText('新建账号')).toBeTruthy();
    expect(screen.getByText(/^导\s?出$/)).toBeTruthy();
  });

  it('hides the actions the role does not grant', async () => {
    mockFlags = { canSetAccountStatus: true };
    render(<UsersManager />);
    const member = await rowOf('member');
    expect(within(member).getByText('停用')).toBeTruthy();
    for (const label of ['设置角色', '更多']) expect(within(member).queryByText(label)).toBeNull();
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

  it('shows every field of an account in 详情, the ones the list leaves out included', async () => {
    mockFlags = ALL_ACTIONS;
    answerList({
      list: [
        {
          ...row(3, 'member', true),
          roles: [{ id: 4, code: 'member', name: '会员' }],
          membership: { name: '专业版', expiresAt: '2026-12-23T00:00:00.000Z' },
        },
      ],
      total: 1,
      current: 1,
      pageSize: 10,
    });
    render(<UsersManager />);
    fireEvent.click(within(await rowOf('member')).getByText('详情'));
    const drawer = await waitFor(() => {
      const found = document.querySelector('.ant-drawer-content');
      if (!found?.querySelector('.ant-descriptions-item')) throw new Error('the 详情 drawer is not open yet');
      return found as HTMLElement;
    });
    expect(within(drawer).getByText('账号详情：member')).toBeTruthy();
    const fields = Object.fromEntries(
      [...drawer.querySelectorAll('.ant-descriptions-item')].map((item) => [
        item.querySelector('.ant-descriptions-item-label')?.textContent,
        item.querySelector('.ant-descriptions-item-content')?.textContent,
      ]),
    );
    expect(Object.keys(fields)).toEqual(['用户名', '邮箱', '状态', '角色', '会员', '销售', '注册时间']);
    expect(fields).toMatchObject({
      用户名: 'member',
      邮箱: 'member@example.com',
      状态: '启用',
      角色: '会员',
      会员: '专业版2026-12-23 到期',
      销售: '-',
    });
    // 注册时间 is out of the list below 1600 px; 详情 always has it.
    expect(fields['注册时间']).toMatch(/^2026-01-01 \d\d:\d\d$/);
  });
});
