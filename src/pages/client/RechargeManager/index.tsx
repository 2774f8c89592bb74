/** `/client/rechargeMannager`: staff credit an account with a level (a paid order, channel recharge), and the recent recharges. */
import { PageContainer, type ActionType, type ProColumns } from '@ant-design/pro-components';
import ListTable from '@/components/ListTable';
import { Typography } from 'antd';
import { useRef } from 'react';
import { NO_WRAP, tableWidth } from '@/kit/tableWidth';
import dayjs from '@/kit/dayjs';
import { formatYuan } from '#contract/money';
import { ORDER_TEXT } from '#contract/text/orders';
import type { OrderItem } from '#contract/api/order';
import { usePagedList } from '@/services/usePagedList';
import RechargeForm from './RechargeForm';

const time = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '-');

// Sized to fit 1280 px with the side menu open: related fields share a cell.
const columns: ProColumns<OrderItem>[] = [
  { title: '订单号', dataIndex: 'orderNo', copyable: true, width: 190 },
  { title: '账户', dataIndex: 'account', width: 110, ellipsis: true, render: (_, row) => row.account.username },
  {
    title: '套餐 / 金额',
    dataIndex: 'levelName',
    width: 150,
    render: (_, row) => (
      <div style={NO_WRAP}>
        <div>{`${row.levelName}（${row.durationDays} 天）`}</div>
        <Typography.Text strong>¥{formatYuan(row.amountCents)}</Typography.Text>
      </div>
    ),
  },
  {
    title: '充值时间 / 有效期至',
    dataIndex: 'paidAt',
    width: 170,
    render: (_, row) => (
      <div style={NO_WRAP}>
        <div>{time(row.paidAt)}</div>
        <Typography.Text type="secondary">{time(row.expiresAfter)}</Typography.Text>
      </div>
    ),
  },
  { title: '操作人', dataIndex: 'operator', width: 100, ellipsis: true, render: (_, row) => row.operator?.username ?? '-' },
  { title: '备注', dataIndex: 'note', ellipsis: true, render: (_, row) => row.note || '-' },
];

export default function RechargeManagerPage() {
  const actionRef = useRef<ActionType>();
  const list = usePagedList('order/rechargeList', { actionRef, emptyText: '暂无充值记录' });
  return (
    <PageContainer title="充值管理">
      <RechargeForm onDone={() => actionRef.current?.reload()} />
      <ListTable<OrderItem>
        rowKey="orderNo"
        actionRef={actionRef}
        headerTitle={ORDER_TEXT.recharge.recentTitle}
        columns={columns}
        {...list}
        search={false}
        scroll={{ x: tableWidth(columns) }}
      />
    </PageContainer>
  );
}
