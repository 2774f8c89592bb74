/**
 * 推广中心 (issue 15): a salesperson's own referral view — its invite code, the totals of its
 * ledger, commission per business month, the accounts it referred — and the same view of a given
 * salesperson for staff holding 销售管理 (`saleId`). `account/inviter` tells the register tab whose
 * invitation a code is (public: the display name only).
 */
import { Type, type Static } from '@sinclair/typebox';
import { CAPABILITY_URLS } from '../capabilities';
import { INVITE_CODE_PATTERN } from '../accountRules';
import { DateTime, Id, Int4, Money, Nullable, Page, PageFields } from './common';
import { defineApi } from './define';

const strict = { additionalProperties: false } as const;

/** The salesperson to look at: absent for the caller itself; another one needs 销售管理. */
const SaleId = () => Type.Optional(Id());

export const PromotionSummaryBody = Type.Object({ saleId: SaleId() }, strict);
export type PromotionSummaryBody = Static<typeof PromotionSummaryBody>;

export const PromotionMonth = Type.Object({
  /** `YYYY-MM`, the business month (BUSINESS_TZ). */
  month: Type.String({ pattern: '^\\d{4}-\\d{2}$', description: '业务月份（BUSINESS_TZ），YYYY-MM' }),
  commissionCents: Money({ minimum: 0, description: '当月入账佣金（分）' }),
  refundedCents: Money({ minimum: 0, description: '当月因退款扣回的佣金（分）' }),
});
export type PromotionMonth = Static<typeof PromotionMonth>;

export const PromotionSummary = Type.Object({
  accountId: Id(),
  /** The name the console shows (the username). */
  name: Type.String(),
  isSalesperson: Type.Boolean({ description: '是否有销售记录（现在或曾经是销售）' }),
  inviteCode: Nullable(Type.String()),
  /** Whether the code registers accounts now (an enabled, not removed salesperson). */
  codeActive: Type.Boolean({ description: '邀请码现在能否用于注册' }),
  referredCount: Int4(),
  earnedCents: Money({ minimum: 0, description: '累计入账佣金（分）' }),
  refundedCents: Money({ minimum: 0, description: '因退款扣回的佣金（分）' }),
  withdrawnCents: Money({ minimum: 0, description: '已打款的提现（分）' }),
  heldCents: Money({ minimum: 0, description: '待审核和待打款的提现冻结（分，已从余额扣除）' }),
  availableCents: Money({ minimum: 0, description: '可提现余额（分）' }),
  pendingCents: Money({ minimum: 0, description: '待结算佣金（分）' }),
  owedCents: Money({ minimum: 0, description: '待扣回金额（分）' }),
  /**
   * Staff adjustments (e.g. an opening balance):
   * available − owed = earned − refunded − withdrawn − held + adjusted − pending.
   */
  adjustedCents: Money({ minimum: -Number.MAX_SAFE_INTEGER, description: '其他调整（分）' }),
  /** The last 12 business months, oldest first; a month with nothing is 0. */
  months: Type.Array(PromotionMonth, { minItems: 12, maxItems: 12 }),
});
export type PromotionSummary = Static<typeof PromotionSummary>;

export const ReferralListQuery = Type.Object(
  {
    ...PageFields,
    saleId: SaleId(),
    username: Type.Optional(Type.String({ maxLength: 64 })),
    /** A membership level; 0: no membership. */
    levelId: Type.Optional(Int4(0)),
    createdFrom: Type.Optional(DateTime({ description: '注册时间不早于' })),
    createdTo: Type.Optional(DateTime({ description: '注册时间早于' })),
  },
  strict,
);
export type ReferralListQuery = Static<typeof ReferralListQuery>;

export const Referral = Type.Object({
  id: Id(),
  username: Type.String(),
  createdAt: DateTime({ description: '注册时间' }),
  levelId: Nullable(Id()),
  levelName: Nullable(Type.String()),
  expiresAt: Nullable(DateTime({ description: '会员到期时间；长期有效或未开通为 null' })),
  paidOrders: Int4(),
  /** Commission this salesperson earned from the account's paid orders (refunded ones excluded). */
  commissionCents: Money({ minimum: 0, description: '从该账号已支付订单得到的佣金（分，退款的不计）' }),
});
export type Referral = Static<typeof Referral>;

export const InviterBody = Type.Object({ inviteCode: Type.String({ minLength: 1, maxLength: 16 }) }, strict);
export type InviterBody = Static<typeof InviterBody>;

export const Inviter = Type.Object({ name: Type.String({ description: '邀请人的显示名' }) });
export type Inviter = Static<typeof Inviter>;

const promotionGrant = { anyGrant: [CAPABILITY_URLS.canSeePromotion, CAPABILITY_URLS.canSeeSaleManager] } as const;
const staffRule = '不带 saleId：本人（需要推广中心）；带 saleId：该销售（需要销售管理，否则 A0301；不是销售的账号：A0400）。';

const exampleSummary: PromotionSummary = {
  accountId: 42,
  name: 'amy',
  isSalesperson: true,
  inviteCode: 'K7M2Q9XA',
  codeActive: true,
  referredCount: 3,
  earnedCents: 30_000,
  refundedCents: 2_000,
  withdrawnCents: 10_000,
  heldCents: 5_000,
  availableCents: 10_030,
  pendingCents: 2_970,
  owedCents: 0,
  adjustedCents: 0,
  months: Array.from({ length: 12 }, (_, index) => ({
    month: `${index < 1 ? 2025 : 2026}-${String(((index + 11) % 12) + 1).padStart(2, '0')}`,
    commissionCents: index === 11 ? 30_000 : 0,
    refundedCents: index === 11 ? 2_000 : 0,
  })),
};

export const promotionApi = {
  'promotion/summary': defineApi({
    summary: '推广中心：邀请码、佣金合计（入账、扣回、已提现、可提现、冻结）和近 12 个业务月的佣金',
    description: staffRule,
    auth: promotionGrant,
    body: PromotionSummaryBody,
    answer: PromotionSummary,
    example: { body: {}, answer: exampleSummary },
  }),
  'promotion/referrals': defineApi({
    summary: '邀请的账号：按用户名（包含）、会员等级、注册时间筛选（分页）',
    description: staffRule,
    auth: promotionGrant,
    body: ReferralListQuery,
    answer: Page(Referral),
    example: {
      body: { current: 1, pageSize: 10 },
      answer: {
        list: [
          {
            id: 57,
            username: 'bob',
            createdAt: '2026-10-02T08:00:00.000Z',
            levelId: 2,
            levelName: '黄金会员',
            expiresAt: '2027-10-02T08:00:00.000Z',
            paidOrders: 1,
            commissionCents: 990,
          },
        ],
        total: 1,
        current: 1,
        pageSize: 10,
      },
    },
  }),
  'account/inviter': defineApi({
    summary: '邀请码属于谁：注册页显示"「某某」邀请你注册"，只答显示名',
    description: `邀请码无效或已停用：A0400。邀请码格式：${INVITE_CODE_PATTERN}。`,
    auth: 'public',
    body: InviterBody,
    answer: Inviter,
    example: { body: { inviteCode: 'K7M2Q9XA' }, answer: { name: 'amy' } },
  }),
};
