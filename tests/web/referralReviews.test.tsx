/**
 * 推荐审核 (src/pages/client/system/ReferralReviews): the flagged referrals with why (each flag in
 * words), from where, and what they hold; the open ones asked for first; 通过 and 作废 each in a
 * dialog that says what it does, sending the note; no decision without the action.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import ReferralReviewsPage, { REFERRAL_REVIEW_UI_TEXT as TEXT } from '@/pages/client/system/ReferralReviews';
import { callApi } from '@/services/request';
import { REFERRAL_FLAG_LABELS } from '#contract/text/referrals';
import { bodiesOf } from './support/callBodies';
import { byPath } from './support/requestMock';
import { page, review } from './support/referralReviewFixtures';

let mockAccess: Record<string, boolean> = {};

jest.mock('@umijs/max', () => ({
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- jest.mock factories run before imports
  ...require('./support/umiRouter').memoryUmi('/client/system/referralReviews'),
  useAccess: () => mockAccess,
  useModel: () => ({ initialState: { username: 'amy' } }),
}));
// eslint-disable-next-line @typescript-eslint/no-require-imports -- jest.mock factories run before imports
jest.mock('@/services/request', () => require('./support/requestMock').requestMock());

beforeEach(() => {
  jest.clearAllMocks();
  mockAccess = { canSeeReferralReviews: true, canDecideReferralReviews: true };
  jest.mocked(callApi).mockImplementation(
    byPath({
      'referralReview/list': page([
        review(1),
        review(2, { status: 'cleared', decidedBy: 'amy', decidedAt: '2026-11-29T02:00:00.000Z', note: '朋友' }),
      ]),
      'referralReview/clear': review(1, { status: 'cleared' }),
      'referralReview/void': review(1, { status: 'voided' }),
    }),
  );
});

const rowOf = async (member: string) => (await screen.findByText(member)).closest('tr')!;

it('asks for the open ones first and shows why each was flagged, from where, and what it holds', async () => {
  render(<ReferralReviewsPage />);
  const open = await rowOf('li_new1');
  expect(bodiesOf('referralReview/list')[0]).toMatchObject({ status: 'open', current: 1 });
  expect(open.textContent).toContain(REFERRAL_FLAG_LABELS.sameNetwork);
  expect(open.textContent).toContain(REFERRAL_FLAG_LABELS.emailPattern);
  expect(open.textContent).toContain('203.0.113.7 · Chrome 131 · Windows');
  expect(open.textContent).toContain('¥29.90');
  expect(within(open).getByText(TEXT.clear)).toBeTruthy();
  const decided = await rowOf('li_new2');
  expect(decided.textContent).toContain('amy · 11-29');
  // The note is the decision's tooltip.
  fireEvent.mouseEnter(within(decided).getByText('amy · 11-29', { exact: false }));
  expect(await screen.findByText('朋友')).toBeTruthy();
  expect(within(decided).queryByText(TEXT.clear)).toBeNull();
});

it.each([
  ['clear', TEXT.clear, TEXT.clearEffect('1 笔，¥29.90')],
  ['void', TEXT.void, TEXT.voidEffect('1 笔，¥29.90')],
] as const)('%s: the dialog says what it does and sends the note', async (outcome, label, effect) => {
  render(<ReferralReviewsPage />);
  fireEvent.click(within(await rowOf('li_new1')).getByText(label));
  const dialog = await screen.findByRole<HTMLElement>('dialog');
  expect(dialog.textContent).toContain(effect);
  fireEvent.change(within(dialog).getByPlaceholderText(TEXT.notePlaceholder), { target: { value: '核实' } });
  // antd spaces a two-character button's label (通 过).
  fireEvent.click(within(dialog).getByRole('button', { name: new RegExp([...label].join('\\s*')) }));
  await waitFor(() => expect(bodiesOf(`referralReview/${outcome}`)).toEqual([{ id: 1, note: '核实' }]));
  await waitFor(() => expect(bodiesOf('referralReview/list').length).toBeGreaterThanOrEqual(2));
});

it('offers no decision without the action', async () => {
  mockAccess = { canSeeReferralReviews: true };
  render(<ReferralReviewsPage />);
  const open = await rowOf('li_new1');
  expect(within(open).queryByText(TEXT.clear)).toBeNull();
  expect(within(open).queryByText(TEXT.void)).toBeNull();
});
