/**
 * Confirms a purchase: the level, the amount, the channel and the expiry it will give once paid.
 * A level that already has a pending order (one per level) offers that order instead: how to pay
 * it, or cancel it; other levels' pending orders are said, so nobody pays twice by mistake.
 */
import { Alert, Button, Descriptions, Modal, Popconfirm, Space } from 'antd';
import dayjs from '@/kit/dayjs';
import { formatYuan } from '#contract/money';
import { membershipAfterPayment } from '#contract/orders';
import { ORDER_TEXT, PAYMENT_CHANNEL_TEXT } from '#contract/text/orders';
import type { CurrentMembership, LevelOnSale, PendingOrder } from '#contract/api/order';
import { PaymentSteps } from './PendingOrders';

const TEXT = ORDER_TEXT.memberCenter;

interface Props {
  level: LevelOnSale | null;
  membership: CurrentMembership | null | undefined;
  pendingOrders: PendingOrder[];
  submitting: boolean;
  cancelling: string | null;
  onSubmit(level: LevelOnSale): void;
  onCancelOrder(orderNo: string): void;
  onClose(): void;
}

export default function BuyDialog({ level, membership, pendingOrders, submitting, cancelling, onSubmit, onCancelOrder, onClose }: Props) {
  const sameLevel = level ? pendingOrders.find((order) => order.levelId === level.id) : undefined;
  const otherLevels = level ? pendingOrders.filter((order) => order.levelId !== level.id) : [];
  const now = Date.now();
  const after = level
    ? membershipAfterPayment(
        {
          levelId: membership?.levelId ?? null,
          expiresAt: membership?.expiresAt ? dayjs(membership.expiresAt).valueOf() : null,
        },
        level.id,
        level.durationDays,
        now,
      )
    : null;
  return (
    <Modal
      title={TEXT.buyDialogTitle}
      open={level !== null}
      okText={TEXT.submitOrder}
      confirmLoading={submitting}
      onOk={() => level && onSubmit(level)}
      onCancel={onClose}
      // The level's pending order is to be paid or cancelled, not doubled.
      okButtonProps={{ disabled: Boolean(sameLevel) }}
      destroyOnHidden
    >
      {sameLevel && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={TEXT.pendingSameLevel(sameLevel.orderNo)}
          description={
            <Space direction="vertical" size={12} style={{ width: '100%', marginTop: 8 }}>
              <PaymentSteps order={sameLevel} />
              <Popconfirm title={TEXT.cancelConfirm} onConfirm={() => onCancelOrder(sameLevel.orderNo)} okText="确定" cancelText="再想想">
                <Button size="small" danger loading={cancelling === sameLevel.orderNo}>
                  {TEXT.cancelOrder}
                </Button>
              </Popconfirm>
            </Space>
          }
        />
      )}
      {!sameLevel && otherLevels.length > 0 && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={TEXT.pendingOtherLevels(otherLevels.map((order) => `${order.levelName}（${order.orderNo}）`).join('、'))}
        />
      )}
      {level && after && !sameLevel && (
        <>
          <Descriptions column={1} bordered size="small" style={{ marginBottom: 16 }}>
            <Descriptions.Item label="套餐">{level.name}</Descriptions.Item>
            <Descriptions.Item label="时长">{level.durationDays} 天</Descriptions.Item>
            <Descriptions.Item label="应付金额">¥{formatYuan(level.priceCents)}</Descriptions.Item>
            <Descriptions.Item label="支付方式">{PAYMENT_CHANNEL_TEXT.online}（工作人员确认收款）</Descriptions.Item>
            <Descriptions.Item label="支付后有效期至">
              {dayjs(after.expiresAt).format('YYYY-MM-DD')}（以确认收款时间计算）
            </Descriptions.Item>
          </Descriptions>
          {after.switched && <Alert type="warning" showIcon message={TEXT.switchWarning} />}
        </>
      )}
    </Modal>
  );
}
