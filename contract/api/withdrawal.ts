/** Withdrawals: a salesperson asks to be paid part of the balance; staff approve or reject. */
import { Type, type Static } from '@sinclair/typebox';
import { ACTIONS, CAPABILITY_URLS } from '../capabilities';
import { REJECT_REASON_MAX, WITHDRAWAL_NOTE_MAX, WITHDRAWAL_STATUSES } from '../ledger';
import { LIMITS, numberLimit } from '../rules';
import { DateTime, Id, Literals, Money, Nullable, OneOf, Page, PageFields } from './common';
import { defineApi } from './define';

const patternMessage = (message: string) => ({ patternMessage: message });

export const RequestWithdrawalBody = Type.Object(
  {
    cardId: Id(),
    amountCents: Type.Integer({ ...numberLimit(LIMITS.withdrawalYuan, 100), description: '金额（分）' }),
    note: Type.Optional(Type.String({ maxLength: WITHDRAWAL_NOTE_MAX })),
  },
  { additionalProperties: false },
);
export type RequestWithdrawalBody = Static<typeof RequestWithdrawalBody>;

export const WithdrawalListQuery = Type.Object(
  {
    ...PageFields,
    status: Type.Optional(OneOf(WITHDRAWAL_STATUSES)),
    /** Staff list only: the requester's username (contains). */
    username: Type.Optional(Type.String({ maxLength: 64, description: '申请人用户名的一部分（仅审核列表）' })),
    /** One withdrawal: a notification's link opens the list filtered to it. */
    id: Type.Optional(Id({ description: '申请编号' })),
    /** The withdrawals of one payout batch (打款批次). */
    batchId: Type.Optional(Id({ description: '打款批次' })),
    /** Only those no batch has gathered yet (with status approved: what a new batch may take). */
    unbatched: Type.Optional(Type.Boolean({ description: '只列未组批的' })),
    /** Approved or rejected within [reviewedFrom, reviewedTo). */
    reviewedFrom: Type.Optional(DateTime({ description: '审核时间下限（含）' })),
    reviewedTo: Type.Optional(DateTime({ description: '审核时间上限（不含）' })),
  },
  { additionalProperties: false },
);
export type WithdrawalListQuery = Static<typeof WithdrawalListQuery>;

export const ApproveWithdrawalBody = Type.Object({ id: Id() }, { additionalProperties: false });
export type ApproveWithdrawalBody = Static<typeof ApproveWithdrawalBody>;

export const RejectWithdrawalBody = Type.Object(
  {
    id: Id(),
    reason: Type.String({ minLength: 1, maxLength: REJECT_REASON_MAX, pattern: '\\S', ...patternMessage('不能为空') }),
  },
  { additionalProperties: false },
);
export type RejectWithdrawalBody = Static<typeof RejectWithdrawalBody>;

export const Withdrawal = Type.Object({
  id: Id(),
  accountId: Id(),
  username: Type.String(),
  amountCents: Money({ minimum: 1 }),
  /** The fee in force when it was requested; the payout to the card is the amount less it. */
  feeCents: Money({ minimum: 0, description: '手续费（分），实际到账为金额减手续费' }),
  status: Literals(WITHDRAWAL_STATUSES),
  card: Type.Object({ id: Id(), holder: Type.String(), bank: Type.String(), last4: Type.String() }),
  note: Type.String(),
  reviewer: Nullable(Type.String()),
  reason: Nullable(Type.String()),
  createdAt: DateTime(),
  reviewedAt: Nullable(DateTime()),
  /** The payout batch that gathered it (打款批次), and when that batch was marked paid. */
  batchId: Nullable(Id({ description: '打款批次' })),
  paidAt: Nullable(DateTime({ description: '打款时间' })),
});
export type Withdrawal = Static<typeof Withdrawal>;

const staffGrant = { anyGrant: [CAPABILITY_URLS.canSeeWithdrawalApprova] } as const;
const ownGrant = { anyGrant: [CAPABILITY_URLS.canSeeSaleBalanceRecord] } as const;

const examplePending: Withdrawal = {
  id: 9,
  accountId: 5,
  username: 'sales01',
  amountCents: 20_000,
  feeCents: 200,
  status: 'pending',
  card: { id: 3, holder: '张三', bank: '招商银行', last4: '4242' },
  note: '',
  reviewer: null,
  reason: null,
  createdAt: '2026-11-22T03:00:00.000Z',
  reviewedAt: null,
  batchId: null,
  paidAt: null,
};
const reviewed = { reviewer: 'finance01', reviewedAt: '2026-11-22T06:30:00.000Z' };

export const withdrawalApi = {
  'withdrawal/request': defineApi({
    summary: '申请提现：金额立即从余额中冻结',
    description: '不是销售：A0400；超过可提现余额：A0400（amountCents）；银行卡不是本人的有效卡：A0400（cardId）。',
    auth: ownGrant,
    stepUp: true,
    body: RequestWithdrawalBody,
    answer: Withdrawal,
    example: { body: { cardId: 3, amountCents: 20_000 }, answer: examplePending },
  }),
  'withdrawal/mine': defineApi({
    summary: '本人的提现申请：待审核的按申请先后，其余最新的在前（分页）',
    description: 'username 筛选在这里不生效。',
    auth: ownGrant,
    body: WithdrawalListQuery,
    answer: Page(Withdrawal),
    example: { body: { current: 1, pageSize: 10 }, answer: { list: [examplePending], total: 1, current: 1, pageSize: 10 } },
  }),
  'withdrawal/list': defineApi({
    summary: '提现审核列表：按状态、申请人筛选（分页）',
    auth: staffGrant,
    body: WithdrawalListQuery,
    answer: Page(Withdrawal),
    example: {
      body: { current: 1, pageSize: 10, status: 'pending' },
      answer: { list: [examplePending], total: 1, current: 1, pageSize: 10 },
    },
  }),
  'withdrawal/approve': defineApi({
    summary: '通过提现：状态变为待打款，由打款批次打款（金额申请时已冻结）',
    description: '只能审核待审核的申请，不能审核自己的申请（A0301）。',
    auth: { ...staffGrant, action: ACTIONS.canApproveWithdrawal.url },
    stepUp: true,
    body: ApproveWithdrawalBody,
    answer: Withdrawal,
    example: { body: { id: 9 }, answer: { ...examplePending, status: 'approved', ...reviewed } },
  }),
  'withdrawal/reject': defineApi({
    summary: '驳回提现：冻结的金额退回余额',
    description: '只能审核待审核的申请，不能审核自己的申请（A0301）。',
    auth: { ...staffGrant, action: ACTIONS.canRejectWithdrawal.url },
    stepUp: true,
    body: RejectWithdrawalBody,
    answer: Withdrawal,
    example: {
      body: { id: 9, reason: '户名与实名不符' },
      answer: { ...examplePending, status: 'rejected', reason: '户名与实名不符', ...reviewed },
    },
  }),
};
