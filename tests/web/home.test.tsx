/** /client/home: greeting and membership from the global state, refreshed when the tab regains focus. */
import { useModel } from '@umijs/max';
import { act, render, screen } from '@testing-library/react';
import HomePage, { greeting } from '@/pages/client/Home';
import { saveLogin } from '@/models/session';
import { getOne } from '@/services/account';

jest.mock('@umijs/max', () => ({
  useModel: jest.fn(),
  Link: ({ children }: { children: React.ReactNode }) => <a>{children}</a>,
}));
jest.mock('@/services/account');

const DAY = 86_400_000;

function withState(state: object) {
  (useModel as jest.Mock).mockReturnValue({ initialState: state });
}

async function focusWindow() {
  await act(async () => {
    window.dispatchEvent(new Event('focus'));
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
}

beforeEach(() => jest.clearAllMocks());

describe('home', () => {
  it('greets by the time of day', () => {
    expect(greeting(3)).toBe('夜深了');
    expect(greeting(9)).toBe('早上好');
    expect(greeting(12)).toBe('中午好');
    expect(greeting(15)).toBe('下午好');
    expect(greeting(20)).toBe('晚上好');
  });

  it('shows the membership the startup fetched, without fetching again', () => {
    saveLogin({ token: 't', expires: Date.now() + DAY, username: 'amy', email: 'amy@example.com', membership: null }, false);
    withState({ username: 'amy', email: 'amy@example.com', membershipInfo: { levelId: 2, name: '专业版', expiresAt: Date.UTC(2030, 0, 15) } });
    render(<HomePage />);
    expect(screen.getByRole('heading')).toHaveTextContent(/，amy$/);
    expect(screen.getByText('专业版')).toBeInTheDocument();
    expect(screen.getByText(/有效期至 2030-01-1[45]/)).toBeInTheDocument();
    expect(getOne).not.toHaveBeenCalled();
  });

  it('says when there is no membership, with the way to the member centre', () => {
    saveLogin({ token: 't', expires: Date.now() + DAY, username: 'bob', email: 'b@example.com', membership: null }, false);
    withState({ username: 'bob', email: 'b@example.com', membershipInfo: null });
    render(<HomePage />);
    expect(screen.getByText('未开通会员')).toBeInTheDocument();
    expect(screen.getByText('前往会员中心开通')).toBeInTheDocument();
  });

  it('refreshes the account when the tab regains focus', async () => {
    saveLogin({ token: 't', expires: Date.now() + DAY, username: 'cat', email: 'c@example.com', membership: null }, false);
    withState({ username: 'cat', email: 'c@example.com', membershipInfo: null });
    (getOne as jest.Mock).mockResolvedValue({
      isSuccess: true,
      code: '00000',
      msg: '成功',
      content: { username: 'cat', email: 'c@example.com', membership: { levelId: 3, name: '旗舰版', expiresAt: Date.now() + 30 * DAY } },
    });
    render(<HomePage />);
    expect(screen.getByText('未开通会员')).toBeInTheDocument();
    await focusWindow();
    expect(getOne).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('旗舰版')).toBeInTheDocument();
  });

  it('makes no call without a session', async () => {
    withState({ username: '', email: '', membershipInfo: null });
    render(<HomePage />);
    await focusWindow();
    expect(getOne).not.toHaveBeenCalled();
  });
});
