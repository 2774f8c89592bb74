/** `/client/withdrawalApproval`: staff review withdrawals: approve (marks paid) or reject with a reason. */
import { useRecordChanges } from '@/components/Notifications/recordChanges';
import { PageContainer, type ActionType, type ProColumns } from '@ant-design/pro-components';
import ListTable from '@/components/ListTable';
import { Alert, Button, Popconfirm, Typography } from 'antd';
import { history, useAccess, useLocation } from '@umijs/max';
import { useRef, useState } from 'react';
import DetailDrawer from '@/components/DetailDrawer';
import { TABLE_TEXT } from '@/locales/zh-CN/common';
import dayjs from '@/kit/dayjs';
import { NO_WRAP, tableWidth } from '@/kit/tableWidth';
import { act } from '@/kit/act';
import type { WithdrawalStatus } from '#contract/ledger';
import type { Withdrawal } from '#contract/api/withdrawal';
import { formatYuan } from '#contract/money';
import { NOTIFICATION_LINK_QUERY } from '#contract/notifications';
import { usePagedList } from '@/services/usePagedList';
import { cardLabel, statusValueEnum, withdrawalDetailColumns } from '@/kit/ledgerDisplay';
import RejectForm from './RejectForm';
import { APPROVAL_TEXT } from '#contract/text/ledger';
import ExportButton from '@/components/ExportButton';

const minute = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');

/** The withdrawal a link names (`?id=12`), or undefined. */
export function withdrawalIdFrom(search: string): number | undefined {
  const text = new URLSearchParams(search).get(NOTIFICATION_LINK_QUERY.withdrawalId) ?? '';
  return /^[1-9][0-9]{0,8}$/.test(text) ? Number(text) : undefined;
}

export default function WithdrawalApprovalPage() {
  const access = useAccess();
  const table = useRef<ActionType>();
  const reload = () => table.current?.reload();
  // A request made meanwhile (its notification arrives live) shows without a reload.
  useRecordChanges(['withdrawal'], () => void reload());

  const [shown, setShown] = useState<Withdrawal>();
  const filters = useRef<Record<string, unknown>>({});
  // ?id=…: a notification opens the list on one withdrawal, whatever its status by now, and says so
  // (read from the location: a notification chosen while this screen is open changes only the query).
  const location = useLocation();
  const onlyId = withdrawalIdFrom(location.search);
  const showAll = () => history.replace(location.pathname);

  // Sized to fit 1280 px with the side menu open; the note, the reviewer's time and the rest are in 详情.
  const columns: ProColumns<Withdrawal>[] = [
    { title: '申请人', dataIndex: 'username', hideInTable: true },
    {
      title: '申请人 / 时间',
      dataIndex: 'createdAt',
      search: false,
      width: 160,
      render: (_, row) => (
        <div style={NO_WRAP}>
          <div>{row.username}</div>
          <Typography.Text type="secondary">{minute(row.createdAt)}</Typography.Text>
        </div>
      ),
    },
    {
      title: '金额（元）',
      dataIndex: 'amountCents',
      search: false,
      align: 'right',
      width: 110,
      render: (_, row) => (
        <Typography.Text strong style={NO_WRAP}>
          {formatYuan(row.amountCents)}
        </Typography.Text>
      ),
    },
    {
      title: '收款银行卡',
      dataIndex: 'card',
      search: false,
      width: 180,
      render: (_, row) => (
        <div style={NO_WRAP}>
          <div>{cardLabel(row.card)}</div>
          <Typography.Text type="secondary">{row.card.holder}</Typography.Text>
        </div>
      ),
    },
    {
      title: '状态 / 审核人',
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: statusValueEnum,
      initialValue: onlyId ? undefined : ('pending' satisfies WithdrawalStatus),
      width: 120,
      render: (dom, row) => (
        <div style={NO_WRAP}>
          <div>{dom}</div>
          {row.reviewer && <Typography.Text type="secondary">{row.reviewer}</Typography.Text>}
        </div>
      ),
    },
    {
      title: '备注 / 驳回原因',
      dataIndex: 'reason',
      search: false,
      ellipsis: true,
      render: (_, row) => (row.reason ? <Typography.Text type="danger">{row.reason}</Typography.Text> : row.note || '-'),
    },
    {
      title: '操作',
      valueType: 'option',
      width: 150,
      fixed: 'right',
      render: (_, row) => [
        ...(row.status === 'pending'
          ? [
              access.canApproveWithdrawal && (
                <Popconfirm
                  key="approve"
                  title={APPROVAL_TEXT.approveTitle}
                  description={`${row.username} · ¥${formatYuan(row.amountCents)} · ${cardLabel(row.card)}。${APPROVAL_TEXT.approveBody}`}
                  okText={APPROVAL_TEXT.approve}
                  onConfirm={async () => {
                    await act('withdrawal/approve', { id: row.id }, APPROVAL_TEXT.approved, reload);
                  }}
                >
                  <a>{APPROVAL_TEXT.approve}</a>
                </Popconfirm>
              ),
              access.canRejectWithdrawal && <RejectForm key="reject" withdrawal={row} onDone={reload} />,
            ].filter(Boolean)
          : []),
        <a key="details" onClick={() => setShown(row)}>
          {TABLE_TEXT.detail}
        </a>,
      ],
    },
  ];

  const list = usePagedList('withdrawal/list', { actionRef: table, emptyText: APPROVAL_TEXT.empty, filtersRef: filters });
  return (
    <PageContainer title="提现审批">
      {onlyId && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={APPROVAL_TEXT.onlyOne(onlyId)}
          action={
            <Button size="small" onClick={showAll}>
              {APPROVAL_TEXT.showAll}
            </Button>
          }
        />
      )}
      <ListTable<Withdrawal>
        params={onlyId ? { id: onlyId } : undefined}
        rowKey="id"
        actionRef={table}
        columns={columns}
        {...list}
        search={{ labelWidth: 'auto' }}
        options={{ reload: true }}
        scroll={{ x: tableWidth(columns) }}
        toolBarRender={() => [
          <ExportButton key="export" path="withdrawal/export" allowed={access.canExportWithdrawals} filters={() => filters.current} />,
        ]}
      />
      <DetailDrawer<Withdrawal>
        title={APPROVAL_TEXT.detailTitle}
        record={shown}
        columns={withdrawalDetailColumns(true)}
        onClose={() => setShown(undefined)}
      />
    </PageContainer>
  );
}
