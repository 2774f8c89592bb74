/**
 * 推荐审核 (issue 32, point 6): the referrals flagged at registration (contract/referrals.ts), each
 * with why and what it holds; 通过 lets their commissions follow the holding period, 作废 cancels
 * them and drops the referral. Both need the action and are audited.
 */
import { Type, type Static } from '@sinclair/typebox';
import { ACTIONS, CAPABILITY_URLS } from '../capabilities';
import { REFERRAL_FLAGS, REFERRAL_NOTE_MAX, REFERRAL_REVIEW_STATUSES } from '../referrals';
import { DateTime, Id, Int4, Literals, Money, Nullable, OneOf, Page, PageFields, Text } from './common';
import { defineApi } from './define';

export const ReferralReview = Type.Object({
  id: Id(),
  status: Literals(REFERRAL_REVIEW_STATUSES),
  flags: Type.Array(Literals(REFERRAL_FLAGS)),
  /** The referred account; its name stays when the account is removed (the review row keeps it). */
  memberId: Id(),
  memberName: Type.String(),
  memberEmail: Type.String(),
  salespersonId: Id(),
  salespersonName: Nullable(Type.String()),
  /** The address and browser it registered from. */
  ip: Type.String(),
  userAgent: Type.String(),
  registeredAt: DateTime(),
  /** Its commissions held for the review now (待审核), and how many. */
  heldCents: Money({ minimum: 0, description: '待审核佣金（分）' }),
  heldCommissions: Int4(),
  decidedBy: Nullable(Type.String()),
  decidedAt: Nullable(DateTime()),
  note: Type.String(),
});
export type ReferralReview = Static<typeof ReferralReview>;

export const ReferralReviewListQuery = Type.Object(
  {
    ...PageFields,
    status: Type.Optional(OneOf(REFERRAL_REVIEW_STATUSES, '状态')),
    /** A salesperson's or a referred member's username, in part. */
    keyword: Type.Optional(Text(50)),
  },
  { additionalProperties: false },
);
export type ReferralReviewListQuery = Static<typeof ReferralReviewListQuery>;

export const ReferralDecisionBody = Type.Object(
  { id: Id({ description: '推荐审核' }), note: Type.Optional(Text(REFERRAL_NOTE_MAX)) },
  { additionalProperties: false },
);
export type ReferralDecisionBody = Static<typeof ReferralDecisionBody>;

const exampleReview: ReferralReview = {
  id: 4,
  status: 'open',
  flags: ['sameNetwork', 'emailPattern'],
  memberId: 31,
  memberName: 'li_new',
  memberEmail: 'li+2@example.com',
  salespersonId: 7,
  salespersonName: 'sale_li',
  ip: '203.0.113.7',
  userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)',
  registeredAt: '2026-11-28T09:12:00.000Z',
  heldCents: 2_990,
  heldCommissions: 1,
  decidedBy: null,
  decidedAt: null,
  note: '',
};
const grant = { anyGrant: [CAPABILITY_URLS.canSeeReferralReviews] } as const;
const decided = { heldCents: 0, heldCommissions: 0, decidedBy: 'finance01', decidedAt: '2026-11-29T02:00:00.000Z' } as const;

export const referralReviewApi = {
  'referralReview/list': defineApi({
    summary: '推荐审核：注册时被标记的推荐（疑似自推荐或同一网络批量注册），待审核的在前（分页）',
    auth: grant,
    body: ReferralReviewListQuery,
    answer: Page(ReferralReview),
    example: { body: { current: 1, pageSize: 10, status: 'open' }, answer: { list: [exampleReview], total: 1, current: 1, pageSize: 10 } },
  }),
  'referralReview/clear': defineApi({
    summary: '通过：该推荐的待审核佣金转为待结算，按佣金结算期结算；以后的佣金照常',
    description: '只能处理待审核的记录：A0400（id）。记入操作日志。',
    auth: { ...grant, action: ACTIONS.canDecideReferralReviews.url },
    body: ReferralDecisionBody,
    answer: ReferralReview,
    example: {
      body: { id: 4, note: '核实为不同客户' },
      answer: { ...exampleReview, ...decided, status: 'cleared', note: '核实为不同客户' },
    },
  }),
  'referralReview/void': defineApi({
    summary: '作废：取消该推荐的待审核佣金，并解除推荐关系（以后的订单不再产生佣金）',
    description: '只能处理待审核的记录：A0400（id）。记入操作日志。',
    auth: { ...grant, action: ACTIONS.canDecideReferralReviews.url },
    body: ReferralDecisionBody,
    answer: ReferralReview,
    example: { body: { id: 4, note: '自推荐' }, answer: { ...exampleReview, ...decided, status: 'voided', note: '自推荐' } },
  }),
};
