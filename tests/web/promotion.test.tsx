/** 推广中心: the invite link, the charts' Chinese formats and states. */
import { render, screen } from '@testing-library/react';
import Chart, { CHART_TEXT, hasValues, monthText, monthTicks, yuanText, yuanTick } from '@/components/charts';
import { inviteFromSearch, inviteLink } from '@/kit/inviteLinks';
import ReferralView, { registeredRange } from '@/components/ReferralView';
import { PROMOTION_TEXT } from '#contract/text/promotion';

// jest runs no dynamic import(): the drawing's chunk is stood in for.
jest.mock('@/components/charts/loadEChart', () => ({
  loadEChart: async () => ({
    default: ({ labels }: { labels: string[] }) => <div data-testid="echart">{labels.join(',')}</div>,
  }),
}));

// eslint-disable-next-line @typescript-eslint/no-require-imports -- jest.mock factories run before imports
jest.mock('@/services/request', () => require('./support/requestMock').requestMock());
jest.mock('@umijs/max', () => ({
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- jest.mock factories run before imports
  ...require('./support/umiRouter').memoryUmi('/client/promotion'),
  useAccess: () => ({}),
  useModel: () => ({ initialState: { username: 'me' } }),
}));

describe('invite link', () => {
  it('opens the register tab with the code, and the register tab reads it back', () => {
    const link = inviteLink('K7M2Q9XA', 'https://console.example.com');
    expect(link).toBe('https://console.example.com/register?invite=K7M2Q9XA');
    expect(inviteFromSearch(new URL(link).search)).toBe('K7M2Q9XA');
    expect(inviteFromSearch('?invite=%20k7m2q9xa%20')).toBe('K7M2Q9XA');
    expect(inviteFromSearch('?redirect=/client/home')).toBeUndefined();
    expect(inviteFromSearch('?invite=')).toBeUndefined();
  });
});

describe('chart formats', () => {
  it('says money in yuan with ¥ and thousands separators', () => {
    expect(yuanText(123_456_78)).toBe('¥123,456.78');
    expect(yuanText(5)).toBe('¥0.05');
    expect(yuanTick(120_000)).toBe('¥1,200');
    expect(yuanTick(50)).toBe('¥0.5');
    expect(yuanTick(1_250_000_00)).toBe('¥125万');
  });

  it('labels months in Chinese, with the year on the first one and on January', () => {
    expect(monthText('2026-03')).toBe('2026年3月');
    expect(monthTicks(['2025-11', '2025-12', '2026-01', '2026-02'])).toEqual(['2025年11月', '12月', '2026年1月', '2月']);
  });

  it('tells an empty chart from one with values', () => {
    expect(hasValues([], [])).toBe(false);
    expect(hasValues(['1月'], [{ data: [0] }])).toBe(false);
    expect(hasValues(['1月'], [{ data: [0] }, { data: [3] }])).toBe(true);
  });

  it('turns the register date range into whole local days, the end exclusive', () => {
    const { createdFrom, createdTo } = registeredRange(['2026-11-01', '2026-11-30']);
    expect(new Date(createdTo!).getTime() - new Date(createdFrom!).getTime()).toBe(30 * 86_400_000);
    expect(registeredRange(undefined)).toEqual({});
  });
});

describe('chart states', () => {
  const drawing = { title: '近 12 个月佣金', labels: ['1月', '2月'], series: [{ name: '佣金', kind: 'bar' as const, data: [0, 100] }] };

  it('says loading, failed (with 重试) and empty, and draws only with values', async () => {
    const { rerender } = render(<Chart {...drawing} loading />);
    expect(screen.queryByTestId('echart')).toBeNull();
    const retry = jest.fn();
    rerender(<Chart {...drawing} failed onRetry={retry} />);
    expect(screen.getByText(CHART_TEXT.failed)).toBeInTheDocument();
    screen
      .getByText(/重\s*试/)
      .closest('button')!
      .click();
    expect(retry).toHaveBeenCalled();
    rerender(<Chart {...drawing} series={[{ ...drawing.series[0], data: [0, 0] }]} emptyText="还没有佣金" />);
    expect(screen.getByText('还没有佣金')).toBeInTheDocument();
    rerender(<Chart {...drawing} />);
    expect(await screen.findByTestId('echart')).toHaveTextContent('1月,2月');
    expect(screen.getByRole('group', { name: '近 12 个月佣金' })).toBeInTheDocument();
  });
});

describe('an account that is not a salesperson', () => {
  it('sees only the notice: no chart and no 邀请的账号 list', async () => {
    const { callApi } = jest.requireMock<{ callApi: jest.Mock }>('@/services/request');
    callApi.mockImplementation(async (path: string) =>
      path === 'promotion/summary' ? { isSalesperson: false, inviteCode: null, codeActive: false, months: [] } : [],
    );
    render(<ReferralView />);
    expect(await screen.findByText(PROMOTION_TEXT.notSalesperson)).toBeInTheDocument();
    expect(screen.queryByText(PROMOTION_TEXT.referrals)).toBeNull();
    expect(screen.queryByText(PROMOTION_TEXT.monthly)).toBeNull();
  });
});
