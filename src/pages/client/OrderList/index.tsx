/**
 * `/client/orderList`: the caller's orders; staff (the screen plus /admin) see every account's and
 * confirm, cancel or refund them. A member may cancel their own pending order.
 */
import { useRecordChanges } from '@/components/Notifications/recordChanges';
import { PageContainer, type ActionType, type ProColumns } from '@ant-design/pro-components';
import ListTable from '@/components/ListTable';
import { useAccess } from '@umijs/max';
import { Modal, Popconfirm, Typography } from 'antd';
import { useRef, useState } from 'react';
import DetailDrawer from '@/components/DetailDrawer';
import { TABLE_TEXT } from '@/locales/zh-CN/common';
import { tableWidth } from '@/kit/tableWidth';
import { businessDayBounds } from '@/kit/businessDays';
import { act } from '@/kit/act';
import { formatYuan } from '#contract/money';
import { ORDER_TEXT } from '#contract/text/orders';
import type { OrderItem } from '#contract/api/order';
import { usePagedList } from '@/services/usePagedList';
import { orderColumns, orderDetailColumns } from './columns';
import ExportButton from '@/components/ExportButton';

const TEXT = ORDER_TEXT.orderList;

interface Filters extends Record<string, unknown> {
  created?: [string, string];
}

/** The date range (whole business days) as the call's ISO bounds. */
export function toListBody({ created, ...rest }: Filters): Record<string, unknown> {
  const range = businessDayBounds(created);
  return range ? { ...rest, createdFrom: range.from, createdTo: range.to } : rest;
}

export default function OrderListPage() {
  const access = useAccess();
  const staff = access.canSeeOrderList && access.canSeeAdmin;
  const actionRef = useRef<ActionType>();
  // An order created, paid, cancelled or refunded meanwhile (its notification arrives live) shows without a reload.
  useRecordChanges(['order'], () => void actionRef.current?.reload());
  const [modal, modalHolder] = Modal.useModal();
  const [shown, setShown] = useState<OrderItem>();

  const reload = () => actionRef.current?.reload();

  const askRefund = (row: OrderItem) =>
    modal.confirm({
      title: TEXT.refundTitle,
      okText: TEXT.refund,
      okButtonProps: { danger: true },
      width: 480,
      content: (
        <div>
          <p>
            订单 {row.orderNo}（{row.account.username}，{row.levelName}，¥{formatYuan(row.amountCents)}）将标记为已退款：
          </p>
          <ul style={{ paddingLeft: 20 }}>
            <li>会员有效期回退本订单增加的 {row.durationDays} 天（之后有其它订单切换过套餐时保持不变）。</li>
            {row.commissionCents ? (
              <li>
                销售 {row.salesperson?.username} 的佣金 ¥{formatYuan(row.commissionCents)}
                ：仍在结算期的直接取消，已结算的从其余额扣回（余额不足时记为待扣回）。
              </li>
            ) : null}
            <li>款项请通过原收款渠道退还给客户。</li>
          </ul>
        </div>
      ),
      onOk: () => act('order/refund', { orderNo: row.orderNo }, TEXT.refunded, reload),
    });

  const actions: ProColumns<OrderItem>['render'] = (_, row) => {
    const links = [];
    if (row.status === 'pending' && staff && access.canConfirmOrder) {
      links.push(
        <Popconfirm
          key="confirm"
          title={TEXT.confirmPrompt}
          onConfirm={() => act('order/confirm', { orderNo: row.orderNo }, TEXT.confirmed, reload)}
        >
          <a>{TEXT.confirm}</a>
        </Popconfirm>,
      );
    }
    if (row.status === 'pending') {
      links.push(
        <Popconfirm
          key="cancel"
          title={TEXT.cancelPrompt}
          onConfirm={() => act('order/cancel', { orderNo: row.orderNo }, TEXT.cancelled, reload)}
        >
          <Typography.Link type="danger">{TEXT.cancel}</Typography.Link>
        </Popconfirm>,
      );
    }
    if (row.status === 'paid' && staff && access.canRefundOrder) {
      links.push(
        <Typography.Link key="refund" type="danger" onClick={() => askRefund(row)}>
          {TEXT.refund}
        </Typography.Link>,
      );
    }
    links.push(
      <a key="details" onClick={() => setShown(row)}>
        {TABLE_TEXT.detail}
      </a>,
    );
    return links;
  };
  const columns = orderColumns(staff, actions);

  const filters = useRef<Record<string, unknown>>({});
  const list = usePagedList<'order/list', Filters>('order/list', {
    toBody: toListBody,
    actionRef,
    emptyText: '暂无订单',
    filtersRef: filters,
  });
  return (
    <PageContainer title="订单列表">
      {modalHolder}
      <ListTable<OrderItem, Filters>
        rowKey="orderNo"
        actionRef={actionRef}
        columns={columns}
        {...list}
        search={{ labelWidth: 'auto' }}
        scroll={{ x: tableWidth(columns) }}
        dateFormatter="string"
        headerTitle={staff ? '全部订单' : '我的订单'}
        toolBarRender={() => [
          <ExportButton key="export" path="order/export" allowed={access.canExportOrders} filters={() => filters.current} />,
        ]}
      />
      <DetailDrawer<OrderItem>
        title={TEXT.detailTitle}
        record={shown}
        columns={orderDetailColumns(staff)}
        onClose={() => setShown(undefined)}
      />
    </PageContainer>
  );
}
