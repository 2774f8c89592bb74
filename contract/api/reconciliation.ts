/**
 * 对账 (issue 32): the reconciliation runs, newest first, each with what it checked and how many
 * differences it found; a run's differences; and 立即对账, its own action. The daily job runs the
 * same checks once per business day (server/reconciliation/reconcile.ts).
 */
import { Type, type Static } from '@sinclair/typebox';
import { ACTIONS, CAPABILITY_URLS } from '../capabilities';
import { MANUAL_RUN_SPACING_SECONDS, RECONCILIATION_CHECKS, RECONCILIATION_TRIGGERS } from '../reconciliation';
import { BigId, DateTime, Empty, Id, Int4, Literals, Nullable, OneOf, Page, PageFields, PageQuery } from './common';
import { defineApi } from './define';

export const ReconciliationRunItem = Type.Object({
  id: Id(),
  trigger: Literals(RECONCILIATION_TRIGGERS),
  /** Who pressed 立即对账; null for the daily run (and for an account removed since). */
  startedBy: Nullable(Type.String({ description: '发起人' })),
  startedAt: DateTime({ description: '开始时间' }),
  finishedAt: DateTime({ description: '结束时间' }),
  salespeople: Int4(),
  entries: Type.Integer({ minimum: 0, description: '核对的流水条数' }),
  differences: Int4(),
});
export type ReconciliationRunItem = Static<typeof ReconciliationRunItem>;

export const ReconciliationDifferencesQuery = Type.Object(
  {
    ...PageFields,
    runId: Id({ description: '对账记录' }),
    check: Type.Optional(OneOf(RECONCILIATION_CHECKS, '检查项')),
  },
  { additionalProperties: false },
);
export type ReconciliationDifferencesQuery = Static<typeof ReconciliationDifferencesQuery>;

export const ReconciliationDifferenceItem = Type.Object({
  id: BigId(),
  accountId: Id(),
  /** The salesperson's username; null when the account is gone. */
  username: Nullable(Type.String()),
  check: Literals(RECONCILIATION_CHECKS),
  /** The order or withdrawal (a ledger reference); empty for the account's sums. */
  reference: Type.String(),
  expectedCents: Type.Integer({ description: '应为（分）' }),
  actualCents: Type.Integer({ description: '实为（分）' }),
});
export type ReconciliationDifferenceItem = Static<typeof ReconciliationDifferenceItem>;

const exampleRun: ReconciliationRunItem = {
  id: 12,
  trigger: 'daily',
  startedBy: null,
  startedAt: '2026-11-29T16:00:05.000Z',
  finishedAt: '2026-11-29T16:00:06.250Z',
  salespeople: 3,
  entries: 1_204,
  differences: 1,
};

export const reconciliationApi = {
  'reconciliation/list': defineApi({
    summary: '对账记录：每次对账核对的销售数、流水数和发现的差异数，新的在前（分页）',
    auth: { anyGrant: [CAPABILITY_URLS.canSeeReconciliation] },
    body: PageQuery,
    answer: Page(ReconciliationRunItem),
    example: { body: { current: 1, pageSize: 10 }, answer: { list: [exampleRun], total: 1, current: 1, pageSize: 10 } },
  }),
  'reconciliation/differences': defineApi({
    summary: '一次对账发现的差异：销售、检查项、关联订单或提现、应为与实为（分页）',
    description: '对账记录不存在：A0400（runId）。',
    auth: { anyGrant: [CAPABILITY_URLS.canSeeReconciliation] },
    body: ReconciliationDifferencesQuery,
    answer: Page(ReconciliationDifferenceItem),
    example: {
      body: { runId: 12, current: 1, pageSize: 10 },
      answer: {
        list: [
          {
            id: 301,
            accountId: 7,
            username: 'sale_li',
            check: 'balance',
            reference: '',
            expectedCents: 12_800,
            actualCents: 12_900,
          },
        ],
        total: 1,
        current: 1,
        pageSize: 10,
      },
    },
  }),
  'reconciliation/run': defineApi({
    summary: '立即对账：核对每位销售的余额、待结算佣金、提现冻结和订单佣金，记下发现的差异',
    description: `另一次对账正在进行，或上一次手动对账开始不到 ${MANUAL_RUN_SPACING_SECONDS} 秒：A0501。发现差异时通知持有对账页面的人。`,
    auth: { anyGrant: [CAPABILITY_URLS.canSeeReconciliation], action: ACTIONS.canRunReconciliation.url },
    body: Empty,
    answer: ReconciliationRunItem,
    example: { body: {}, answer: { ...exampleRun, trigger: 'manual', startedBy: 'admin' } },
  }),
};
