/** Confirms a purchase: the level, the amount, the channel and the expiry it will give once paid. */
import { Alert, Descriptions, Modal } from 'antd';
import dayjs from '@/utils/dayjs';
import { formatYuan } from '#contract/money';
import { membershipAfterPayment } from '#contract/orders';
import { ORDER_TEXT, PAYMENT_CHANNEL_TEXT } from '@/locales/zh-CN/orders';
import type { CurrentMembership, LevelOnSale } from '#contract/api/order';

const TEXT = ORDER_TEXT.memberCenter;

interface Props {
  level: LevelOnSale | null;
  membership: CurrentMembership | null | undefined;
  submitting: boolean;
  onSubmit(level: LevelOnSale): void;
  onClose(): void;
}

export default function BuyDialog({ level, membership, submitting, onSubmit, onClose }: Props) {
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
      destroyOnHidden
    >
      {level && after && (
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
