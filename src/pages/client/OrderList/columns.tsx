/**
 * The order list's columns, sized to fit 1280 px with the side menu open; the fields a list can do
 * without (channel, salesperson, commission, expiry) live in the 详情 drawer, which shows every field.
 * The account column only for staff.
 */
import type { ProColumns, ProDescriptionsItemProps } from '@ant-design/pro-components';
import { Badge, Tooltip, Typography } from 'antd';
import dayjs from '@/kit/dayjs';
import { businessDayFilterTooltip } from '@/kit/businessDays';
import { formatRate, formatYuan } from '#contract/money';
import { ORDER_STATUS_TEXT, type OrderStatus } from '#contract/orders';
import { ORDER_TEXT, PAYMENT_CHANNEL_TEXT } from '#contract/text/orders';
import type { OrderItem } from '#contract/api/order';
import { NO_WRAP } from '@/kit/tableWidth';
import { ORDER_COLUMNS as O } from '#contract/text/exports';
import { valueEnumOf } from '@/kit/valueEnum';

const TEXT = ORDER_TEXT.orderList;

const STATUS_BADGE: Record<OrderStatus, 'Warning' | 'Success' | 'Default' | 'Error'> = {
  pending: 'Warning',
  paid: 'Success',
  cancelled: 'Default',
  refunded: 'Error',
};

export const statusEnum = valueEnumOf(ORDER_STATUS_TEXT, STATUS_BADGE);

const channelEnum = valueEnumOf(PAYMENT_CHANNEL_TEXT);

const time = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '-');
const yuan = (cents: number) => `¥${formatYuan(cents)}`;
const level = (row: OrderItem) => `${row.levelName}（${row.durationDays} 天）`;
const commission = (row: OrderItem) =>
  row.commissionCents === null ? '-' : `${yuan(row.commissionCents)}（${formatRate(row.commissionRate ?? 0)}）`;

function StatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Badge status={STATUS_BADGE[status].toLowerCase() as Lowercase<(typeof STATUS_BADGE)[OrderStatus]>} text={ORDER_STATUS_TEXT[status]} />
  );
}

export function orderColumns(staff: boolean, actions: ProColumns<OrderItem>['render']): ProColumns<OrderItem>[] {
  return [
    { title: '订单号', dataIndex: 'orderNo', copyable: true, width: 190, fieldProps: { placeholder: '输入订单号' } },
    {
      title: '账户',
      dataIndex: 'account',
      hideInTable: !staff,
      hideInSearch: !staff,
      width: 110,
      ellipsis: true,
      fieldProps: { placeholder: '用户名或邮箱' },
      render: (_, row) => row.account.username,
    },
    { title: '套餐', dataIndex: 'levelName', hideInSearch: true, width: 130, ellipsis: true, render: (_, row) => level(row) },
    {
      title: TEXT.amountStatus,
      dataIndex: 'amountCents',
      hideInSearch: true,
      width: 110,
      render: (_, row) => (
        <div style={NO_WRAP}>
          <div>{yuan(row.amountCents)}</div>
          <StatusBadge status={row.status} />
        </div>
      ),
    },
    { title: '状态', dataIndex: 'status', valueType: 'select', valueEnum: statusEnum, hideInTable: true },
    { title: '支付方式', dataIndex: 'channel', valueType: 'select', valueEnum: channelEnum, hideInTable: true },
    {
      title: '创建 / 支付时间',
      dataIndex: 'createdAt',
      hideInSearch: true,
      width: 170,
      render: (_, row) => (
        <div style={NO_WRAP}>
          <div>{time(row.createdAt)}</div>
          {row.paidAt ? (
            <Tooltip title={row.expiresAfter ? `会员有效期至 ${time(row.expiresAfter)}` : undefined}>
              <Typography.Text type="success">{time(row.paidAt)} 支付</Typography.Text>
            </Tooltip>
          ) : null}
        </div>
      ),
    },
    { title: '创建日期', dataIndex: 'created', valueType: 'dateRange', hideInTable: true, tooltip: businessDayFilterTooltip() },
    { title: '操作', valueType: 'option', width: staff ? 170 : 100, fixed: 'right', render: actions },
  ];
}

/** Every field of one order, for the 详情 drawer; staff also see the account and the commission. */
export function orderDetailColumns(staff: boolean): ProDescriptionsItemProps<OrderItem>[] {
  const all: (ProDescriptionsItemProps<OrderItem> & { staffOnly?: boolean })[] = [
    { title: O.orderNo, dataIndex: 'orderNo', copyable: true },
    { title: O.account, dataIndex: 'account', staffOnly: true, render: (_, row) => row.account.username },
    { title: O.level, dataIndex: 'levelName', render: (_, row) => level(row) },
    { title: '金额', dataIndex: 'amountCents', render: (_, row) => yuan(row.amountCents) },
    { title: O.status, dataIndex: 'status', render: (_, row) => <StatusBadge status={row.status} /> },
    { title: O.channel, dataIndex: 'channel', valueType: 'select', valueEnum: channelEnum },
    { title: O.salesperson, dataIndex: 'salesperson', render: (_, row) => row.salesperson?.username ?? '-' },
    { title: '佣金', dataIndex: 'commissionCents', staffOnly: true, render: (_, row) => commission(row) },
    { title: O.createdAt, dataIndex: 'createdAt', render: (_, row) => time(row.createdAt) },
    { title: O.paidAt, dataIndex: 'paidAt', render: (_, row) => time(row.paidAt) },
    { title: O.closedAt, dataIndex: 'closedAt', render: (_, row) => time(row.closedAt) },
    { title: O.expiresBefore, dataIndex: 'expiresBefore', staffOnly: true, render: (_, row) => time(row.expiresBefore) },
    { title: O.expiresAfter, dataIndex: 'expiresAfter', render: (_, row) => time(row.expiresAfter) },
    { title: O.operator, dataIndex: 'operator', staffOnly: true, render: (_, row) => row.operator?.username ?? '-' },
    { title: O.note, dataIndex: 'note', render: (_, row) => row.note || '-' },
  ];
  return all.filter((item) => staff || !item.staffOnly).map(({ staffOnly: _staffOnly, ...item }) => item);
}
