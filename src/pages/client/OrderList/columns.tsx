/** The order list's columns; the account and commission columns only for staff. */
import type { ProColumns } from '@ant-design/pro-components';
import { Tooltip, Typography } from 'antd';
import dayjs from '@/utils/dayjs';
import { formatRate, formatYuan } from '#contract/money';
import { ORDER_STATUS_TEXT, type OrderStatus } from '#contract/orders';
import { PAYMENT_CHANNEL_TEXT } from '@/locales/zh-CN/orders';
import type { OrderItem } from '#contract/api/order';

const STATUS_BADGE: Record<OrderStatus, 'Warning' | 'Success' | 'Default' | 'Error'> = {
  pending: 'Warning',
  paid: 'Success',
  cancelled: 'Default',
  refunded: 'Error',
};

export const statusEnum = Object.fromEntries(
  Object.entries(ORDER_STATUS_TEXT).map(([status, text]) => [status, { text, status: STATUS_BADGE[status as OrderStatus] }]),
);

const channelEnum = Object.fromEntries(Object.entries(PAYMENT_CHANNEL_TEXT).map(([name, text]) => [name, { text }]));

const time = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '-');

export function orderColumns(staff: boolean, actions: ProColumns<OrderItem>['render']): ProColumns<OrderItem>[] {
  return [
    { title: '订单号', dataIndex: 'orderNo', copyable: true, width: 200, fieldProps: { placeholder: '输入订单号' } },
    {
      title: '账户',
      dataIndex: 'account',
      hideInTable: !staff,
      hideInSearch: !staff,
      width: 120,
      ellipsis: true,
      fieldProps: { placeholder: '用户名或邮箱' },
      render: (_, row) => row.account.username,
    },
    { title: '套餐', dataIndex: 'levelName', hideInSearch: true, width: 130, render: (_, row) => `${row.levelName}（${row.durationDays} 天）` },
    {
      title: '金额',
      dataIndex: 'amountCents',
      hideInSearch: true,
      align: 'right',
      width: 100,
      render: (_, row) => `¥${formatYuan(row.amountCents)}`,
    },
    { title: '状态', dataIndex: 'status', valueType: 'select', valueEnum: statusEnum, width: 90 },
    { title: '支付方式', dataIndex: 'channel', valueType: 'select', valueEnum: channelEnum, width: 90 },
    {
      title: '销售',
      dataIndex: 'salesperson',
      hideInSearch: true,
      width: 100,
      ellipsis: true,
      render: (_, row) => row.salesperson?.username ?? '-',
    },
    {
      title: '佣金',
      dataIndex: 'commissionCents',
      hideInSearch: true,
      hideInTable: !staff,
      align: 'right',
      width: 130,
      render: (_, row) =>
        row.commissionCents === null ? '-' : `¥${formatYuan(row.commissionCents)}（${formatRate(row.commissionRate ?? 0)}）`,
    },
    {
      title: '创建 / 支付时间',
      dataIndex: 'createdAt',
      hideInSearch: true,
      width: 170,
      render: (_, row) => (
        <div style={{ whiteSpace: 'nowrap' }}>
          <div>{time(row.createdAt)}</div>
          {row.paidAt ? (
            <Tooltip title={row.expiresAfter ? `会员有效期至 ${time(row.expiresAfter)}` : undefined}>
              <Typography.Text type="success">{time(row.paidAt)} 支付</Typography.Text>
            </Tooltip>
          ) : null}
        </div>
      ),
    },
    { title: '创建日期', dataIndex: 'created', valueType: 'dateRange', hideInTable: true },
    { title: '操作', valueType: 'option', width: staff ? 130 : 80, fixed: 'right', render: actions },
  ];
}
