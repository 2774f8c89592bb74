/**
 * 对账 (src/pages/client/system/Reconciliation): the runs with their result, a run's differences in
 * the drawer the bell's link opens (each check in words, what it should be, what is stored and the
 * difference), the check filter reaching the call, and 立即对账 opening the new run's differences.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { history } from '@umijs/max';
import ReconciliationPage, { RECONCILIATION_UI_TEXT as TEXT } from '@/pages/client/system/Reconciliation';
import { callApi } from '@/services/request';
import { RECONCILIATION_CHECK_LABELS } from '#contract/text/reconciliation';
import { saveLogin } from '@/auth/session';
import { differences, page, run } from './support/reconciliationFixtures';
import { bodiesOf } from './support/callBodies';
import { byPath } from './support/requestMock';

let mockAccess: Record<string, boolean> = {};

jest.mock('@umijs/max', () => ({
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- jest.mock factories run before imports
  ...require('./support/umiRouter').memoryUmi('/client/system/reconciliation'),
  useAccess: () => mockAccess,
  useModel: () => ({ initialState: { username: 'amy' } }),
}));
// eslint-disable-next-line @typescript-eslint/no-require-imports -- jest.mock factories run before imports
jest.mock('@/services/request', () => require('./support/requestMock').requestMock());

/** The open drawer's table rows, once they have loaded. */
const drawerRows = () =>
  waitFor(
    () => {
      const rows = [...document.querySelectorAll<HTMLElement>('.ant-drawer-content .ant-table-row')];
      if (rows.length === 0) throw new Error('the drawer has not loaded its differences yet');
      return rows;
    },
    { timeout: 5_000 },
  );

beforeEach(() => {
  jest.clearAllMocks();
  mockAccess = { canSeeReconciliation: true, canRunReconciliation: true };
  history.replace('/client/system/reconciliation');
  saveLogin({ token: 't', expires: Date.now() + 86_400_000, username: 'amy', email: 'amy@example.com', membership: null }, false);
  jest.mocked(callApi).mockImplementation(
    byPath({
      'reconciliation/list': page([run(12, 3), run(11, 0, { trigger: 'manual', startedBy: 'amy' })]),
      'reconciliation/differences': (body: { check?: string }) =>
        page(differences.filter((row) => !body.check || row.check === body.check)),
      'reconciliation/run': run(13, 3, { trigger: 'manual', startedBy: 'amy' }),
    }),
  );
});

it('lists the runs with what they checked and their result', async () => {
  render(<ReconciliationPage />);
  const found = (await screen.findByText(TEXT.differences(3))).closest('tr')!;
  expect(found.textContent).toContain('每日自动');
  expect(found.textContent).toContain('12,345');
  expect(found.textContent).toContain('1.25 秒');
  expect(within(found).getByText(TEXT.showDifferences)).toBeTruthy();
  const clean = screen.getByText(TEXT.clean).closest('tr')!;
  expect(clean.textContent).toContain('手动 · amy');
  expect(within(clean).queryByText(TEXT.showDifferences)).toBeNull();
});

it("opens a run's differences from the link: each check in words, should be, is, and the difference", async () => {
  history.replace('/client/system/reconciliation?runId=12');
  render(<ReconciliationPage />);
  const rows = await drawerRows();
  expect(bodiesOf('reconciliation/differences')[0]).toMatchObject({ runId: 12, current: 1 });
  expect(rows.map((row) => row.textContent)).toEqual([
    expect.stringMatching(new RegExp(`^sale_li${RECONCILIATION_CHECK_LABELS.balance}账户合计128\\.00129\\.00\\+1\\.00$`)),
    expect.stringMatching(new RegExp(`^sale_li${RECONCILIATION_CHECK_LABELS.refund}订单 20261129000010\\.009\\.90\\+9\\.90$`)),
    expect.stringMatching(new RegExp(`^#8${RECONCILIATION_CHECK_LABELS.withdrawal}提现申请 #4-5\\.000\\.00\\+5\\.00$`)),
  ]);
  // Closing the drawer drops the run from the URL.
  fireEvent.click(document.querySelector<HTMLElement>('.ant-drawer-close')!);
  await waitFor(() => expect(history.location.search).toBe(''));
});

it('立即对账 runs one, reloads the list and opens what it found', async () => {
  render(<ReconciliationPage />);
  await screen.findByText(TEXT.differences(3));
  const button = document.querySelector<HTMLButtonElement>('.ant-page-header-heading-extra .ant-btn-primary')!;
  expect(button.textContent?.replace(/\s/g, '')).toBe(TEXT.runNow);
  fireEvent.click(button);
  await waitFor(() => expect(history.location.search).toBe('?runId=13'));
  expect(bodiesOf('reconciliation/run')).toEqual([{}]);
  await waitFor(() => expect(bodiesOf('reconciliation/list').length).toBeGreaterThanOrEqual(2));
  await drawerRows();
});

it('has no 立即对账 without its action', async () => {
  mockAccess = { canSeeReconciliation: true };
  render(<ReconciliationPage />);
  await screen.findByText(TEXT.differences(3));
  expect(document.querySelector('.ant-page-header-heading-extra .ant-btn-primary')).toBeNull();
});
