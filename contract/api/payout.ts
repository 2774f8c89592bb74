/**
 * 打款批次 (issue 32): approved withdrawals gathered into a batch (chosen one by one, or every one
 * approved within a time range), paid from its bank file (`payout/export`) and marked paid together
 * with one confirmation; an open batch may be taken apart again.
 */
import { Type, type Static } from '@sinclair/typebox';
import { ACTIONS, CAPABILITY_URLS } from '../capabilities';
import { MAX_BATCH_WITHDRAWALS, PAYOUT_BATCH_STATUSES } from '../payouts';
import { DateTime, Id, IdBodySchema, Int4, Literals, Money, Nullable, OneOf, Page, PageFields } from './common';
import { defineApi } from './define';

export const PayoutBatch = Type.Object({
  id: Id(),
  status: Literals(PAYOUT_BATCH_STATUSES),
  withdrawals: Int4(),
  amountCents: Money({ minimum: 0, description: '申请金额合计（分）' }),
  feeCents: Money({ minimum: 0, description: '手续费合计（分）' }),
  payoutCents: Money({ minimum: 0, description: '实付金额合计（分）：申请金额减手续费' }),
  createdBy: Nullable(Type.String()),
  createdAt: DateTime(),
  paidBy: Nullable(Type.String()),
  paidAt: Nullable(DateTime()),
});
export type PayoutBatch = Static<typeof PayoutBatch>;

export const PayoutListQuery = Type.Object(
  { ...PageFields, status: Type.Optional(OneOf(PAYOUT_BATCH_STATUSES, '状态')) },
  { additionalProperties: false },
);
export type PayoutListQuery = Static<typeof PayoutListQuery>;

export const PayoutCreateBody = Type.Object(
  {
    /** The withdrawals chosen (each approved and in no batch)… */
    withdrawalIds: Type.Optional(
      Type.Array(Id(), { minItems: 1, maxItems: MAX_BATCH_WITHDRAWALS, uniqueItems: true, description: '选中的提现申请' }),
    ),
    /** …or every approved withdrawal in no batch whose approval falls in [reviewedFrom, reviewedTo). */
    reviewedFrom: Type.Optional(DateTime({ description: '审核时间下限（含）' })),
    reviewedTo: Type.Optional(DateTime({ description: '审核时间上限（不含）' })),
  },
  { additionalProperties: false },
);
export type PayoutCreateBody = Static<typeof PayoutCreateBody>;

const exampleBatch: PayoutBatch = {
  id: 7,
  status: 'open',
  withdrawals: 2,
  amountCents: 50_000,
  feeCents: 400,
  payoutCents: 49_600,
  createdBy: 'finance01',
  createdAt: '2026-11-29T02:00:00.000Z',
  paidBy: null,
  paidAt: null,
};
const paid = { status: 'paid', paidBy: 'finance01', paidAt: '2026-11-29T08:00:00.000Z' } as const;
const grant = { anyGrant: [CAPABILITY_URLS.canSeePayouts] } as const;

export const payoutApi = {
  'payout/list': defineApi({
    summary: '打款批次：新的在前，可按状态筛选（分页）',
    auth: grant,
    body: PayoutListQuery,
    answer: Page(PayoutBatch),
    example: { body: { current: 1, pageSize: 10 }, answer: { list: [exampleBatch], total: 1, current: 1, pageSize: 10 } },
  }),
  'payout/create': defineApi({
    summary: '组批：把待打款的提现（选中的，或审核时间在某一范围内的全部）放进一个新批次',
    description: `withdrawalIds 与审核时间范围二选一；每批至多 ${MAX_BATCH_WITHDRAWALS} 笔。选中的提现不是待打款或已在别的批次里：A0400（withdrawalIds）；范围内没有待打款的提现：A0400。记入操作日志。`,
    auth: { ...grant, action: ACTIONS.canCreatePayout.url },
    body: PayoutCreateBody,
    answer: PayoutBatch,
    example: { body: { withdrawalIds: [9, 12] }, answer: exampleBatch },
  }),
  'payout/markPaid': defineApi({
    summary: '确认打款：批次和其中的提现一起标为已打款，并通知每位销售',
    description: '只能确认待打款的批次：A0400。记入操作日志。',
    auth: { ...grant, action: ACTIONS.canPayPayout.url },
    body: IdBodySchema,
    answer: PayoutBatch,
    example: { body: { id: 7 }, answer: { ...exampleBatch, ...paid } },
  }),
  'payout/cancel': defineApi({
    summary: '撤销批次：待打款的批次拆开，其中的提现回到待打款，可再组批',
    description: '已打款的批次不能撤销：A0400。记入操作日志。',
    auth: { ...grant, action: ACTIONS.canCreatePayout.url },
    body: IdBodySchema,
    answer: Type.Null(),
    example: { body: { id: 7 }, answer: null },
  }),
};
