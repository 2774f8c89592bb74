/** The dev-only banner of an active mock scenario (src/components/MockScenarioBanner). */
import { act, fireEvent, render, screen } from '@testing-library/react';
import MockScenarioBanner, { MOCK_SCENARIO_URL } from '@/components/MockScenarioBanner';
import { saveLogin } from '@/auth/session';
import { installFetch } from './support/fakeFetch';

const report = (active: unknown, account: unknown = null) => ({
  body: { isSuccess: true, code: '00000', msg: '成功', content: { active, account } },
});

describe('MockScenarioBanner', () => {
  it('says which scenario applies to this browser, asking with its login', async () => {
    saveLogin({ token: 'tok-9', expires: Date.now() + 60_000, username: 'demo_operator', email: 'o@example.com', membership: null }, false);
    const calls = installFetch(report({ kind: 'fail', path: 'order/list', scope: 'account' }, { username: 'demo_operator' }));
    render(<MockScenarioBanner />);
    expect(await screen.findByText('模拟场景：调用失败（order/list，范围：本账号）')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ url: MOCK_SCENARIO_URL, headers: { authorization: 'Bearer tok-9' } });
  });

  it('ends the scenario in its own scope', async () => {
    const calls = installFetch(report({ kind: 'empty', scope: 'browser' }), report({ kind: 'empty', scope: 'browser' }), report(null));
    render(<MockScenarioBanner />);
    fireEvent.click(await screen.findByRole('button', { name: /结束场景/ }));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(calls.find((call) => call.body)?.body).toEqual({ scenario: 'none', scope: 'browser' });
    expect(screen.queryByTestId('mock-scenario-banner')).toBeNull();
  });

  it('shows nothing without a scenario, or without the mock', async () => {
    installFetch(report(null));
    const { container, unmount } = render(<MockScenarioBanner />);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(container).toBeEmptyDOMElement();
    unmount();
    installFetch({ status: 404, body: '<html></html>' });
    const again = render(<MockScenarioBanner />);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(again.container).toBeEmptyDOMElement();
  });
});
