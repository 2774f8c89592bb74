/**
 * `/client/system/reconciliation` 对账: the reconciliation runs, newest first (each with what it
 * checked and whether it found differences), 立即对账 for holders of its action, and a run's
 * differences in a drawer, opened from the list or from the bell's link (`?runId=`).
 */
import { PageContainer, ProTable, type ProColumns } from '@ant-design/pro-components';
import { useAccess } from '@umijs/max';
import { Button, Drawer, Grid, Select, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import ListTable from '@/components/ListTable';
import { message } from '@/kit/feedback';
import { dateTime } from '@/kit/ledgerDisplay';
import { NO_WRAP, tableWidth } from '@/kit/tableWidth';
import useQueryParam from '@/kit/useQueryParam';
import { tryCall } from '@/services/tryCall';
import { usePagedList } from '@/services/usePagedList';
import type { ReconciliationDifferenceItem, ReconciliationRunItem } from '#contract/api/reconciliation';
import { NOTIFICATION_LINK_QUERY } from '#contract/notifications';
import { formatYuan } from '#contract/money';
import { RECONCILIATION_CHECKS, type ReconciliationCheck } from '#contract/reconciliation';
import { ledgerReferenceText } from '#contract/text/ledger';
import { RECONCILIATION_CHECK_HELP, RECONCILIATION_CHECK_LABELS, RECONCILIATION_TRIGGER_LABELS } from '#contract/text/reconciliation';

export const RECONCILIATION_UI_TEXT = {
  title: '对账',
  hint: '每天自动核对一次每位销售的余额、待结算佣金、提现冻结金额和订单佣金；发现差异时通知能查看本页的人。',
  runNow: '立即对账',
  ranClean: '对账完成，未发现差异',
  ranWithDifferences: (n: number) => `对账完成，发现 ${n} 处差异`,
  clean: '无差异',
  differences: (n: number) => `${n} 处差异`,
  showDifferences: '查看差异',
  drawerTitle: (at: string) => `对账差异 · ${at}`,
  allChecks: '全部检查项',
  accountSums: '账户合计',
  empty: '还没有对账记录',
  noDifferences: '没有差异',
} as const;
const TEXT = RECONCILIATION_UI_TEXT;

const seconds = (run: ReconciliationRunItem) => `${((Date.parse(run.finishedAt) - Date.parse(run.startedAt)) / 1000).toFixed(2)} 秒`;

function DifferencesDrawer({ runId, onClose }: { runId: number; onClose: () => void }) {
  const screens = Grid.useBreakpoint();
  const [check, setCheck] = useState<ReconciliationCheck>();
  const list = usePagedList('reconciliation/differences', { emptyText: TEXT.noDifferences });
  const columns: ProColumns<ReconciliationDifferenceItem>[] = [
    { title: '销售', dataIndex: 'username', width: 130, render: (_, row) => row.username ?? `#${row.accountId}` },
    {
      title: '检查项',
      dataIndex: 'check',
      width: 150,
      render: (_, row) => (
        <Tooltip title={RECONCILIATION_CHECK_HELP[row.check]}>
          <span style={NO_WRAP}>{RECONCILIATION_CHECK_LABELS[row.check]}</span>
        </Tooltip>
      ),
    },
    {
      title: '关联',
      dataIndex: 'reference',
      width: 190,
      render: (_, row) =>
        row.reference ? ledgerReferenceText(row.reference) : <Typography.Text type="secondary">{TEXT.accountSums}</Typography.Text>,
    },
    {
      title: '应为',
      dataIndex: 'expectedCents',
      width: 110,
      align: 'right',
      render: (_, row) => <span style={NO_WRAP}>{formatYuan(row.expectedCents)}</span>,
    },
    {
      title: '实为',
      dataIndex: 'actualCents',
      width: 110,
      align: 'right',
      render: (_, row) => <span style={NO_WRAP}>{formatYuan(row.actualCents)}</span>,
    },
    {
      title: '差额',
      dataIndex: 'id',
      width: 110,
      align: 'right',
      render: (_, row) => {
        const delta = row.actualCents - row.expectedCents;
        return (
          <Typography.Text type="danger" strong style={NO_WRAP}>
            {delta > 0 ? '+' : ''}
            {formatYuan(delta)}
          </Typography.Text>
        );
      },
    },
  ];
  return (
    <Drawer title={TEXT.drawerTitle(`#${runId}`)} open onClose={onClose} width={screens.md === false ? '100%' : 900} destroyOnHidden>
      <ProTable<ReconciliationDifferenceItem, { runId: number; check?: ReconciliationCheck }>
        rowKey="id"
        columns={columns}
        {...list}
        params={{ runId, check }}
        search={false}
        options={false}
        scroll={{ x: tableWidth(columns) }}
        pagination={{ defaultPageSize: 20, showSizeChanger: false }}
        toolBarRender={() => [
          <Select<ReconciliationCheck | undefined>
            key="check"
            aria-label="检查项"
            style={{ width: 180 }}
            value={check}
            allowClear
            placeholder={TEXT.allChecks}
            onChange={setCheck}
            options={RECONCILIATION_CHECKS.map((value) => ({ value, label: RECONCILIATION_CHECK_LABELS[value] }))}
          />,
        ]}
      />
    </Drawer>
  );
}

export default function ReconciliationPage() {
  const access = useAccess();
  const [runParam, setRunParam] = useQueryParam(NOTIFICATION_LINK_QUERY.runId);
  const openRun = Number(runParam) > 0 ? Number(runParam) : undefined;
  const [running, setRunning] = useState(false);
  const list = usePagedList('reconciliation/list', { emptyText: TEXT.empty });
  const columns: ProColumns<ReconciliationRunItem>[] = [
    { title: '对账时间', dataIndex: 'startedAt', width: 170, render: (_, row) => <span style={NO_WRAP}>{dateTime(row.startedAt)}</span> },
    {
      title: '方式',
      dataIndex: 'trigger',
      width: 150,
      render: (_, row) => (
        <span style={NO_WRAP}>
          {RECONCILIATION_TRIGGER_LABELS[row.trigger]}
          {row.startedBy && <Typography.Text type="secondary">{` · ${row.startedBy}`}</Typography.Text>}
        </span>
      ),
    },
    { title: '核对销售', dataIndex: 'salespeople', width: 90, align: 'right' },
    { title: '核对流水', dataIndex: 'entries', width: 110, align: 'right', render: (_, row) => row.entries.toLocaleString('zh-CN') },
    { title: '耗时', dataIndex: 'finishedAt', width: 90, align: 'right', render: (_, row) => <span style={NO_WRAP}>{seconds(row)}</span> },
    {
      title: '结果',
      dataIndex: 'differences',
      width: 110,
      render: (_, row) =>
        row.differences > 0 ? (
          <Tag color="error" style={NO_WRAP}>
            {TEXT.differences(row.differences)}
          </Tag>
        ) : (
          <Tag color="success">{TEXT.clean}</Tag>
        ),
    },
    {
      title: '操作',
      valueType: 'option',
      width: 90,
      render: (_, row) =>
        row.differences > 0
          ? [
              <a key="show" onClick={() => setRunParam(String(row.id))}>
                {TEXT.showDifferences}
              </a>,
            ]
          : [],
    },
  ];
  async function runNow() {
    setRunning(true);
    const run = await tryCall('reconciliation/run', {}).finally(() => setRunning(false));
    if (!run) return;
    void list.actionRef.current?.reload();
    if (run.differences === 0) {
      message.success(TEXT.ranClean);
      return;
    }
    message.warning(TEXT.ranWithDifferences(run.differences));
    setRunParam(String(run.id));
  }
  return (
    <PageContainer
      title={TEXT.title}
      content={TEXT.hint}
      extra={
        access.canRunReconciliation && (
          <Button type="primary" loading={running} onClick={() => void runNow()}>
            {TEXT.runNow}
          </Button>
        )
      }
    >
      <ListTable<ReconciliationRunItem>
        rowKey="id"
        columns={columns}
        {...list}
        scroll={{ x: tableWidth(columns) }}
        search={false}
        options={{ reload: true }}
      />
      {openRun && <DifferencesDrawer runId={openRun} onClose={() => setRunParam(null)} />}
    </PageContainer>
  );
}
