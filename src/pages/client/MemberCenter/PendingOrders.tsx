/** The member's pending orders with how to pay each, and cancel. */
import { Button, Card, Descriptions, Popconfirm, Space, Typography } from 'antd';
import dayjs from '@/kit/dayjs';
import { formatYuan } from '#contract/money';
import { ORDER_TEXT } from '#contract/text/orders';
import type { PendingOrder } from '#contract/api/order';

const TEXT = ORDER_TEXT.memberCenter;

export function PaymentSteps({ order }: { order: PendingOrder }) {
  return (
    <div>
      <Typography.Text strong>{order.instructions.title}</Typography.Text>
      <ol style={{ paddingLeft: 20, margin: '8px 0 0' }}>
        {order.instructions.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </div>
  );
}

interface Props {
  orders: PendingOrder[];
  cancelling: string | null;
  onCancel(orderNo: string): void;
}

export default function PendingOrders({ orders, cancelling, onCancel }: Props) {
  if (orders.length === 0) return null;
  return (
    <Card title={TEXT.pendingTitle} style={{ marginBottom: 16 }}>
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        {orders.map((order) => (
          <Card
            key={order.orderNo}
            type="inner"
            size="small"
            data-testid={`pending-${order.orderNo}`}
            title={<Typography.Text copyable={{ text: order.orderNo }}>订单号 {order.orderNo}</Typography.Text>}
            extra={
              <Popconfirm title={TEXT.cancelConfirm} onConfirm={() => onCancel(order.orderNo)} okText="确定" cancelText="再想想">
                <Button size="small" danger loading={cancelling === order.orderNo}>
                  {TEXT.cancelOrder}
                </Button>
              </Popconfirm>
            }
          >
            <Descriptions column={{ xs: 1, md: 3 }} size="small" style={{ marginBottom: 8 }}>
              <Descriptions.Item label="套餐">
                {order.levelName}（{order.durationDays} 天）
              </Descriptions.Item>
              <Descriptions.Item label="金额">¥{formatYuan(order.amountCents)}</Descriptions.Item>
              <Descriptions.Item label="下单时间">{dayjs(order.createdAt).format('YYYY-MM-DD HH:mm')}</Descriptions.Item>
            </Descriptions>
            <PaymentSteps order={order} />
          </Card>
        ))}
      </Space>
    </Card>
  );
}
