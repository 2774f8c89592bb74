/** `/client/saleBalanceRecord`: the salesperson's balance, ledger entries and withdrawals; request a withdrawal. */
import { PageContainer, type ActionType, type ProColumns } from '@ant-design/pro-components';
import ListTable from '@/components/ListTable';
import { useRequest } from 'ahooks';
import { Alert, Button, Card, Col, Row, Statistic, Tabs, theme, Tooltip } from 'antd';
import { QuestionCircleOutlined } from '@ant-design/icons';
import React, { Suspense, useRef, useState } from 'react';
import { tryCall } from '@/services/tryCall';
import { parseLedgerReference, type LedgerKindName } from '#contract/ledger';
import type { LedgerEntry } from '#contract/api/ledger';
import type { Withdrawal } from '#contract/api/withdrawal';
import { formatYuan } from '#contract/money';
import { NOTIFICATION_LINK_QUERY, OWN_WITHDRAWALS_TAB } from '#contract/notifications';
import { usePagedList } from '@/services/usePagedList';
import { cardLabel, dateTime, HoldTag, kindValueEnum, SignedYuan, statusValueEnum, withdrawalDetailColumns } from '@/kit/ledgerDisplay';
import { APPROVAL_TEXT, BALANCE_TEXT, ledgerReferenceText } from '#contract/text/ledger';
import DetailDrawer from '@/components/DetailDrawer';
import { TABLE_TEXT } from '@/locales/zh-CN/common';
import { NO_WRAP, tableWidth } from '@/kit/tableWidth';
import { batchName } from '#contract/text/payouts';
import { STATEMENT_TEXT } from './statementText';
import WithdrawForm from './WithdrawForm';

// Loaded when opened: its month picker is not on the screen's first load.
const StatementModal = React.lazy(() => import('./StatementModal'));
import { useRecordChanges } from '@/components/Notifications/recordChanges';
import ExportButton from '@/components/ExportButton';
import { LEDGER_COLUMNS as L } from '#contract/text/exports';
import { useAccess } from '@umijs/max';
import useQueryParam from '@/kit/useQueryParam';
import { businessDayBounds, businessDayFilterTooltip } from '@/kit/businessDays';

type EntryFilters = { kind?: LedgerKindName; range?: [string, string] };

/** A figure's title with its explanation behind a question mark. */
function FigureTitle({ title, hint }: { title: string; hint: string }) {
  return (
    <span>
      {title}{' '}
      <Tooltip title={hint}>
        <QuestionCircleOutlined aria-label={hint} />
      </Tooltip>
    </span>
  );
}

/**
 * The ledger's columns. A withdrawal's entries link to that withdrawal (its 详情); an order's
 * reference is the order number (the referred member's order: no screen of the salesperson's shows it).
 */
const entryColumns = (showWithdrawal: (id: number) => void): ProColumns<LedgerEntry>[] => [
  { title: L.createdAt, dataIndex: 'createdAt', search: false, width: 170, render: (_, row) => dateTime(row.createdAt) },
  { title: L.kind, dataIndex: 'kind', valueType: 'select', valueEnum: kindValueEnum, width: 100 },
  {
    title: L.amount,
    dataIndex: 'amountCents',
    search: false,
    align: 'right',
    width: 110,
    render: (_, row) => <SignedYuan cents={row.amountCents} />,
  },
  {
    title: L.holdStatus,
    dataIndex: 'holdStatus',
    search: false,
    width: 150,
    render: (_, row) => <HoldTag status={row.holdStatus} availableAt={row.availableAt} />,
  },
  {
    title: L.balanceAfter,
    dataIndex: 'balanceAfterCents',
    search: false,
    align: 'right',
    width: 110,
    render: (_, row) => <span style={NO_WRAP}>{formatYuan(row.balanceAfterCents)}</span>,
  },
  {
    title: L.reference,
    dataIndex: 'reference',
    search: false,
    width: 200,
    ellipsis: true,
    render: (_, row) => {
      const reference = parseLedgerReference(row.reference);
      const text = ledgerReferenceText(row.reference);
      return reference.kind === 'withdrawal' ? <a onClick={() => showWithdrawal(reference.id)}>{text}</a> : text;
    },
  },
  { title: L.note, dataIndex: 'note', search: false, ellipsis: true },
  { title: '时间范围', dataIndex: 'range', valueType: 'dateRange', hideInTable: true, tooltip: businessDayFilterTooltip() },
];

/** The salesperson's own withdrawals; the review time and the rest are in 详情. */
function withdrawalColumns(showDetails: (row: Withdrawal) => void): ProColumns<Withdrawal>[] {
  return [
    { title: '申请时间', dataIndex: 'createdAt', search: false, width: 170, render: (_, row) => dateTime(row.createdAt) },
    {
      title: '金额（元）',
      dataIndex: 'amountCents',
      search: false,
      align: 'right',
      width: 110,
      render: (_, row) => <span style={NO_WRAP}>{formatYuan(row.amountCents)}</span>,
    },
    {
      title: '收款银行卡',
      dataIndex: 'card',
      search: false,
      width: 180,
      render: (_, row) => <span style={NO_WRAP}>{cardLabel(row.card)}</span>,
    },
    { title: '状态', dataIndex: 'status', valueType: 'select', valueEnum: statusValueEnum, width: 100 },
    {
      title: '打款',
      dataIndex: 'paidAt',
      search: false,
      width: 220,
      render: (_, row) =>
        row.batchId === null ? (
          '-'
        ) : (
          <span style={NO_WRAP}>{row.paidAt ? `${batchName(row.batchId)} · ${dateTime(row.paidAt)}` : batchName(row.batchId)}</span>
        ),
    },
    { title: '说明', dataIndex: 'reason', search: false, ellipsis: true, render: (_, row) => row.reason || row.note || '-' },
    {
      title: '操作',
      valueType: 'option',
      width: 80,
      render: (_, row) => [
        <a key="details" onClick={() => showDetails(row)}>
          {TABLE_TEXT.detail}
        </a>,
      ],
    },
  ];
}

export default function SaleBalanceRecordPage() {
  const access = useAccess();
  const entryFilters = useRef<Record<string, unknown>>({});
  const entries = useRef<ActionType>();
  const withdrawals = useRef<ActionType>();
  // The tab is in the URL too (?tab=withdrawals), like the lists' filters; a notification about a
  // withdrawal links there.
  const [tabParam, setTabParam] = useQueryParam(NOTIFICATION_LINK_QUERY.tab);
  const tab = tabParam === OWN_WITHDRAWALS_TAB ? OWN_WITHDRAWALS_TAB : 'entries';
  const [shown, setShown] = useState<Withdrawal>();
  const [statementOpen, setStatementOpen] = useState(false);
  const ownWithdrawalColumns = withdrawalColumns(setShown);
  // A ledger entry's withdrawal, read by its id, shown in the same 详情 as the withdrawals tab's.
  const showWithdrawal = async (id: number) => {
    const found = (await tryCall('withdrawal/mine', { id, current: 1, pageSize: 1 }))?.list[0];
    if (found) setShown(found);
  };
  const ledgerColumns = entryColumns((id) => void showWithdrawal(id));
  const balance = useRequest(() => tryCall('ledger/balance', {}));
  const refreshAll = () => {
    balance.refresh();
    void entries.current?.reload();
    void withdrawals.current?.reload();
  };
  const figures = balance.data;
  const loading = balance.loading && !figures;
  const owes = Boolean(figures && figures.owedCents > 0);
  const { token } = theme.useToken();
  // A withdrawal approved or rejected meanwhile (its notification arrives live) changes all three.
  useRecordChanges(['withdrawal'], refreshAll);

  const entryList = usePagedList<'ledger/list', EntryFilters>('ledger/list', {
    toBody: ({ range, ...rest }) => ({ ...rest, ...businessDayBounds(range) }),
    actionRef: entries,
    emptyText: BALANCE_TEXT.entriesEmpty,
    filtersRef: entryFilters,
  });
  const withdrawalList = usePagedList('withdrawal/mine', { actionRef: withdrawals, emptyText: BALANCE_TEXT.withdrawalsEmpty });
  return (
    <PageContainer title="销售收支记录">
      {figures && !figures.isSalesperson && (
        <Alert type="warning" showIcon message={BALANCE_TEXT.notSalesperson} style={{ marginBottom: 16 }} />
      )}
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={24} lg={owes ? 6 : 8}>
          <Card loading={loading} style={{ height: '100%' }}>
            <Statistic
              title={BALANCE_TEXT.balance}
              prefix="¥"
              value={formatYuan(figures?.balanceCents ?? 0)}
              data-testid="ledger-balance"
            />
            <div style={{ marginTop: 12 }}>
              <WithdrawForm
                balanceCents={figures?.balanceCents ?? 0}
                rules={figures}
                disabled={!figures?.isSalesperson || figures.balanceCents <= 0}
                onDone={refreshAll}
              />
            </div>
          </Card>
        </Col>
        <Col xs={12} lg={owes ? 6 : 8}>
          <Card loading={loading} style={{ height: '100%' }}>
            <Statistic
              title={<FigureTitle title={BALANCE_TEXT.pending} hint={BALANCE_TEXT.pendingHint(figures?.holdDays ?? 0)} />}
              prefix="¥"
              value={formatYuan(figures?.pendingCents ?? 0)}
              data-testid="ledger-pending"
            />
          </Card>
        </Col>
        {owes && (
          <Col xs={12} lg={6}>
            <Card loading={loading} style={{ height: '100%' }}>
              <Statistic
                title={<FigureTitle title={BALANCE_TEXT.owed} hint={BALANCE_TEXT.owedHint} />}
                prefix="¥"
                value={formatYuan(figures?.owedCents ?? 0)}
                valueStyle={{ color: token.colorError }}
                data-testid="ledger-owed"
              />
            </Card>
          </Col>
        )}
        <Col xs={owes ? 24 : 12} lg={owes ? 6 : 8}>
          <Card loading={loading} style={{ height: '100%' }}>
            <Statistic title={BALANCE_TEXT.held} prefix="¥" value={formatYuan(figures?.heldCents ?? 0)} data-testid="ledger-held" />
          </Card>
        </Col>
      </Row>
      <Card styles={{ body: { paddingTop: 0 } }}>
        <Tabs
          activeKey={tab}
          onChange={(key) => setTabParam(key === OWN_WITHDRAWALS_TAB ? OWN_WITHDRAWALS_TAB : null)}
          items={[
            {
              key: 'entries',
              label: BALANCE_TEXT.entriesTab,
              children: (
                <ListTable<LedgerEntry, EntryFilters>
                  rowKey="id"
                  actionRef={entries}
                  columns={ledgerColumns}
                  scroll={{ x: tableWidth(ledgerColumns) }}
                  {...entryList}
                  search={{ labelWidth: 'auto' }}
                  options={{ reload: true }}
                  cardProps={{ bodyStyle: { padding: 0 } }}
                  toolBarRender={() => [
                    <Button key="statement" onClick={() => setStatementOpen(true)} disabled={!figures?.isSalesperson}>
                      {STATEMENT_TEXT.open}
                    </Button>,
                    <ExportButton
                      key="export"
                      path="ledger/export"
                      allowed={access.canExportLedger}
                      filters={() => entryFilters.current}
                    />,
                  ]}
                />
              ),
            },
            {
              key: OWN_WITHDRAWALS_TAB,
              label: BALANCE_TEXT.withdrawalsTab,
              children: (
                <ListTable<Withdrawal>
                  listId="withdrawals"
                  rowKey="id"
                  actionRef={withdrawals}
                  columns={ownWithdrawalColumns}
                  scroll={{ x: tableWidth(ownWithdrawalColumns) }}
                  {...withdrawalList}
                  search={{ labelWidth: 'auto' }}
                  options={{ reload: true }}
                  cardProps={{ bodyStyle: { padding: 0 } }}
                />
              ),
            },
          ]}
        />
      </Card>
      <DetailDrawer<Withdrawal>
        title={APPROVAL_TEXT.detailTitle}
        record={shown}
        columns={withdrawalDetailColumns(false)}
        onClose={() => setShown(undefined)}
      />
      {statementOpen && (
        <Suspense fallback={null}>
          <StatementModal onClose={() => setStatementOpen(false)} canExport={access.canExportLedger} />
        </Suspense>
      )}
    </PageContainer>
  );
}
