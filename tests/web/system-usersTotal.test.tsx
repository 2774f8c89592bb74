/** The users screen's pagination total: a capped text search shows "1000+". */
import { render, screen } from '@testing-library/react';
import UsersManager from '@/pages/client/system/UsersManager';
import { accountsTotalText } from '#contract/text/system';
import { callApi } from '@/services/request';
import { byPath } from './support/requestMock';

jest.mock('@umijs/max', () => ({
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- jest.mock factories run before imports
  ...require('./support/umiRouter').memoryUmi(),
  useAccess: () => ({ canSeeAdmin: false }),
  useModel: () => ({ initialState: { username: 'me' } }),
}));
// eslint-disable-next-line @typescript-eslint/no-require-imports -- jest.mock factories run before imports
jest.mock('@/services/request', () => require('./support/requestMock').requestMock());

const account = (id: number) => ({
  id,
  username: `user_${id}`,
  email: `user_${id}@example.com`,
  status: 'enabled',
  membership: null,
  roles: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  manageable: true,
});

function answerList(content: object) {
  jest
    .mocked(callApi)
    .mockImplementation(byPath({ 'account/list': content, 'role/options': [], 'membershipLevel/options': [], 'sale/ofAccounts': [] }));
}

describe('users screen pagination total', () => {
  it('words the total like ProTable, with + when capped', () => {
    expect(accountsTotalText(1000, [1, 10], true)).toBe('第 1-10 条/总共 1000+ 条');
    expect(accountsTotalText(42, [11, 20], false)).toBe('第 11-20 条/总共 42 条');
  });

  it('shows a capped search total as 1000+', async () => {
    answerList({ list: Array.from({ length: 10 }, (_, i) => account(i + 1)), total: 1000, totalCapped: true, current: 1, pageSize: 10 });
    render(<UsersManager />);
    expect(await screen.findByText('第 1-10 条/总共 1000+ 条')).toBeTruthy();
  });

  it('shows an exact total as it is', async () => {
    answerList({ list: [account(1), account(2)], total: 2, current: 1, pageSize: 10 });
    render(<UsersManager />);
    expect(await screen.findByText('第 1-2 条/总共 2 条')).toBeTruthy();
  });
});
