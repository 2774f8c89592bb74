/** `/client/withdrawalApproval`: staff review withdrawals: approve (marks paid) or reject with a reason. */
import { PageContainer, ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { Popconfirm, Typography } from 'antd';
import { useAccess } from '@umijs/max';
import { useRef } from 'react';
import { approveWithdrawal } from '@/services/ledger';
import type { WithdrawalStatus } from '#contract/ledger';
import type { Withdrawal } from '#contract/api/withdrawal';
import { formatYuan } from '#contract/money';
import { feedback } from '@/utils/feedback';
import { usePagedList } from '@/utils/usePagedList';
import { tablePagination } from '@/utils/requestDefaults';
import { cardLabel, dateTime, statusValueEnum } from '../SaleBalanceRecord/display';
import RejectForm from './RejectForm';
import { APPROVAL_TEXT } from '@/locales/zh-CN/ledger';

export default function WithdrawalApprovalPage() {
  const access = useAccess();
  const table = useRef<ActionType>();
  const reload = () => table.current?.reload();

  const columns: ProColumns<Withdrawal>[] = [
    { title: '申请人', dataIndex: 'username', width: 130, fixed: 'left' },
    {
      title: '金额（元）',
      dataIndex: 'amountCents',
      search: false,
      align: 'right',
      width: 120,
      render: (_, row) => <Typography.Text strong>{formatYuan(row.amountCents)}</Typography.Text>,
    },
    {
      title: '收款银行卡',
      dataIndex: 'card',
      search: false,
      width: 200,
      render: (_, row) => (
        <>
          <div>{cardLabel(row.card)}</div>
          <Typography.Text type="secondary">{row.card.holder}</Typography.Text>
        </>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: statusValueEnum,
      initialValue: 'pending' satisfies WithdrawalStatus,
      width: 100,
    },
    { title: '申请时间', dataIndex: 'createdAt', search: false, width: 170, render: (_, row) => dateTime(row.createdAt) },
    {
      title: '审核',
      dataIndex: 'reviewedAt',
      search: false,
      width: 170,
      render: (_, row) =>
        row.reviewer ? (
          <>
            <div>{row.reviewer}</div>
            <Typography.Text type="secondary">{dateTime(row.reviewedAt)}</Typography.Text>
          </>
        ) : (
          '-'
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
      width: 110,
      fixed: 'right',
      render: (_, row) =>
        row.status === 'pending'
          ? [
              access.canApproveWithdrawal && (
                <Popconfirm
                  key="approve"
                  title={APPROVAL_TEXT.approveTitle}
                  description={`${row.username} · ¥${formatYuan(row.amountCents)} · ${cardLabel(row.card)}。${APPROVAL_TEXT.approveBody}`}
                  okText={APPROVAL_TEXT.approve}
                  onConfirm={async () => {
                    const answer = await approveWithdrawal(row.id);
                    if (answer.isSuccess) {
                      feedback.message.success(APPROVAL_TEXT.approved);
                      reload();
                    }
                  }}
                >
                  <a>{APPROVAL_TEXT.approve}</a>
                </Popconfirm>
              ),
              access.canRejectWithdrawal && <RejectForm key="reject" withdrawal={row} onDone={reload} />,
            ].filter(Boolean)
          : [],
    },
  ];

  const list = usePagedList('withdrawal/list', { actionRef: table, emptyText: APPROVAL_TEXT.empty });
  return (
    <PageContainer title="提现审批">
      <ProTable<Withdrawal>
        rowKey="id"
        actionRef={table}
        columns={columns}
        {...list}
        pagination={tablePagination}
        search={{ labelWidth: 'auto' }}
        options={{ reload: true, density: false, setting: false }}
        scroll={{ x: 1100 }}
      />
    </PageContainer>
  );
}
