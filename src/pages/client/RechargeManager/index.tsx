/** `/client/rechargeMannager`: staff credit an account with a level (a paid order, channel recharge), and the recent recharges. */
import { PageContainer, ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useRef } from 'react';
import dayjs from '@/utils/dayjs';
import { formatYuan } from '#contract/money';
import { ORDER_TEXT } from '@/locales/zh-CN/orders';
import type { OrderItem } from '#contract/api/order';
import { usePagedList } from '@/utils/usePagedList';
import { tablePagination } from '@/utils/requestDefaults';
import RechargeForm from './RechargeForm';

const time = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '-');

const columns: ProColumns<OrderItem>[] = [
  { title: '订单号', dataIndex: 'orderNo', copyable: true, width: 200 },
  { title: '账户', dataIndex: 'account', width: 130, ellipsis: true, render: (_, row) => row.account.username },
  { title: '套餐', dataIndex: 'levelName', width: 120, render: (_, row) => `${row.levelName}（${row.durationDays} 天）` },
  { title: '金额', dataIndex: 'amountCents', width: 100, align: 'right', render: (_, row) => `¥${formatYuan(row.amountCents)}` },
  { title: '会员有效期至', dataIndex: 'expiresAfter', width: 150, render: (_, row) => time(row.expiresAfter) },
  { title: '操作人', dataIndex: 'operator', width: 120, ellipsis: true, render: (_, row) => row.operator?.username ?? '-' },
  { title: '备注', dataIndex: 'note', ellipsis: true, render: (_, row) => row.note || '-' },
  { title: '充值时间', dataIndex: 'paidAt', width: 150, render: (_, row) => time(row.paidAt) },
];

export default function RechargeManagerPage() {
  const actionRef = useRef<ActionType>();
  const list = usePagedList('order/rechargeList', { actionRef, emptyText: '暂无充值记录' });
  return (
    <PageContainer title="充值管理">
      <RechargeForm onDone={() => actionRef.current?.reload()} />
      <ProTable<OrderItem>
        rowKey="orderNo"
        actionRef={actionRef}
        headerTitle={ORDER_TEXT.recharge.recentTitle}
        columns={columns}
        {...list}
        pagination={tablePagination}
        search={false}
        scroll={{ x: 'max-content' }}
        options={{ density: false, setting: false }}
      />
    </PageContainer>
  );
}
