/** The salesperson's ledger: the balance (and what pending withdrawals hold) and the entries. */
import { Type, type Static } from '@sinclair/typebox';
import { CAPABILITY_URLS } from '../capabilities';
import { HOLD_STATUSES, LEDGER_KINDS } from '../ledger';
import { PARAMETERS } from '../parameters';
import { STATEMENT_MONTH_PATTERN } from '../payouts';
import { BigId, DateTime, Empty, Int4, Literals, Money, Nullable, OneOf, Page, PageFields } from './common';
import { defineApi } from './define';

export const LedgerListQuery = Type.Object(
  {
    ...PageFields,
    kind: Type.Optional(OneOf(LEDGER_KINDS)),
    /** Inclusive lower bound of the entry time (ISO 8601). */
    from: Type.Optional(DateTime({ description: '记账时间不早于' })),
    /** Exclusive upper bound of the entry time (ISO 8601). */
    to: Type.Optional(DateTime({ description: '记账时间早于' })),
  },
  { additionalProperties: false },
);
export type LedgerListQuery = Static<typeof LedgerListQuery>;

/**
 * A salesperson's money as the screens show it (docs/payments.md, "Commissions"): what may be
 * withdrawn, the commissions still held, and what a clawback left owed. At most one of
 * `balanceCents` and `owedCents` is above zero.
 */
export const SalespersonMoney = {
  /** What can be withdrawn now: the balance less the held commissions, never below zero. */
  balanceCents: Money({ minimum: 0, description: '可提现余额（分）' }),
  /** Commissions in their holding period (待结算), payable when it ends. */
  pendingCents: Money({ minimum: 0, description: '待结算佣金（分）' }),
  /** Clawed back beyond the balance (待扣回): later commissions repay it first. */
  owedCents: Money({ minimum: 0, description: '待扣回金额（分）' }),
};

/** `ledger/balance` */
export const LedgerBalance = Type.Object({
  /** Whether the account has a ledger at all (is or was a salesperson). */
  isSalesperson: Type.Boolean({ description: '是否有收支账户（现在或曾经是销售）' }),
  ...SalespersonMoney,
  /** Held by withdrawals waiting for review (already taken out of the balance). */
  heldCents: Money({ minimum: 0, description: '待审核和待打款的提现冻结的金额（分，已从余额扣除）' }),
  /** The withdrawal rules in force (系统参数), and what today's requests left of the daily cap. */
  minWithdrawalCents: Money({ minimum: 1, description: '最低提现金额（分）' }),
  withdrawalFeeCents: Money({ minimum: 0, description: '每笔提现手续费（分）' }),
  dailyRemainingCents: Money({ minimum: 0, description: '今日还可申请提现的金额（分）' }),
  /** The holding period of new commissions (系统参数). */
  holdDays: Type.Integer({
    minimum: PARAMETERS.commissionHoldDays.min,
    maximum: PARAMETERS.commissionHoldDays.max,
    description: '佣金结算期（天）',
  }),
});
export type LedgerBalance = Static<typeof LedgerBalance>;

export const LedgerEntry = Type.Object({
  id: BigId(),
  kind: Literals(LEDGER_KINDS),
  /** Signed cents. */
  amountCents: Money({ minimum: -Number.MAX_SAFE_INTEGER, description: '金额（分，入账为正，出账为负）' }),
  balanceAfterCents: Money({ description: '记账后的余额（分）' }),
  reference: Type.String(),
  note: Type.String(),
  /** A commission's hold: 待结算 until `availableAt`, then 已结算; 已取消 when its order was refunded meanwhile. Null for other kinds. */
  holdStatus: Nullable(Literals(HOLD_STATUSES)),
  availableAt: Nullable(DateTime({ description: '佣金可提现的时间' })),
  createdAt: DateTime(),
});
export type LedgerEntry = Static<typeof LedgerEntry>;

const ledgerGrant = { anyGrant: [CAPABILITY_URLS.canSeeSaleBalanceRecord] } as const;

export const StatementQuery = Type.Object(
  {
    month: Type.String({
      pattern: STATEMENT_MONTH_PATTERN,
      patternMessage: '月份应为 YYYY-MM',
      description: '月份（YYYY-MM，按业务时区）',
    }),
  },
  { additionalProperties: false },
);
export type StatementQuery = Static<typeof StatementQuery>;

const signed = (description: string) => Money({ minimum: -Number.MAX_SAFE_INTEGER, description });

/**
 * A month of the ledger (月度对账单): the balance at its start, what each kind of entry added or
 * took away in it, and the balance at its end (opening + the four = closing).
 */
export const Statement = Type.Object({
  month: Type.String(),
  /** The month's bounds in the business time zone. */
  from: DateTime(),
  to: DateTime(),
  openingCents: signed('期初余额（分）'),
  commissionCents: signed('佣金收入（分）'),
  reversalCents: signed('佣金冲回与扣回（分，为负）'),
  withdrawalCents: signed('提现（分：申请冻结为负，驳回退回为正）'),
  adjustmentCents: signed('调整（分）'),
  closingCents: signed('期末余额（分）'),
  entries: Int4(),
});
export type Statement = Static<typeof Statement>;

export const ledgerApi = {
  'ledger/balance': defineApi({
    summary: '本人的可提现余额、待结算佣金、待扣回金额和待审核提现冻结的金额',
    description: '不是销售的账户：isSalesperson 为 false，金额为 0。',
    auth: ledgerGrant,
    body: Empty,
    answer: LedgerBalance,
    example: {
      body: {},
      answer: {
        isSalesperson: true,
        balanceCents: 125_000,
        pendingCents: 9_900,
        owedCents: 0,
        heldCents: 20_000,
        minWithdrawalCents: 10_000,
        withdrawalFeeCents: 200,
        dailyRemainingCents: 4_980_000,
        holdDays: 7,
      },
    },
  }),
  'ledger/list': defineApi({
    summary: '本人的收支明细，最新的在前：按类型、时间筛选（分页）',
    auth: ledgerGrant,
    body: LedgerListQuery,
    answer: Page(LedgerEntry),
    example: {
      body: { current: 1, pageSize: 20, kind: 'commission' },
      answer: {
        list: [
          {
            id: 31,
            kind: 'commission',
            amountCents: 990,
            balanceAfterCents: 125_000,
            reference: 'order:202611214837261095',
            note: '订单 202611214837261095（黄金会员）佣金',
            holdStatus: 'held',
            availableAt: '2026-11-28T08:00:00.000Z',
            createdAt: '2026-11-21T08:00:00.000Z',
          },
        ],
        total: 1,
        current: 1,
        pageSize: 20,
      },
    },
  }),
  'ledger/statement': defineApi({
    summary: '本人某月的对账单：期初余额、佣金收入、冲回与扣回、提现、调整和期末余额',
    description: '月份格式不对：A0400（month）。',
    auth: ledgerGrant,
    body: StatementQuery,
    answer: Statement,
    example: {
      body: { month: '2026-11' },
      answer: {
        month: '2026-11',
        from: '2026-10-31T16:00:00.000Z',
        to: '2026-11-30T16:00:00.000Z',
        openingCents: 100_000,
        commissionCents: 39_600,
        reversalCents: -9_900,
        withdrawalCents: -50_000,
        adjustmentCents: 0,
        closingCents: 79_700,
        entries: 9,
      },
    },
  }),
};
