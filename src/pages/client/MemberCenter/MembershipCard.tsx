/** The account's current level, expiry and quotas. */
import { Card, Descriptions, Tag } from 'antd';
import dayjs from '@/kit/dayjs';
import { ORDER_TEXT } from '#contract/text/orders';
import type { CurrentMembership } from '#contract/api/order';

const TEXT = ORDER_TEXT.memberCenter;

export function expiryText(membership: CurrentMembership, now = Date.now()): string {
  if (membership.expiresAt === null) return '长期有效';
  const expiry = dayjs(membership.expiresAt);
  if (membership.expired) return `已于 ${expiry.format('YYYY-MM-DD HH:mm')} 过期`;
  const days = Math.max(0, Math.ceil(expiry.diff(now, 'day', true)));
  return `${expiry.format('YYYY-MM-DD HH:mm')}（剩余 ${days} 天）`;
}

export default function MembershipCard({ membership, loading }: { membership: CurrentMembership | null | undefined; loading: boolean }) {
  return (
    <Card title={TEXT.currentTitle} loading={loading} style={{ marginBottom: 16 }}>
      {membership ? (
        <Descriptions column={{ xs: 1, sm: 2, md: 2, lg: 4, xl: 4, xxl: 4 }}>
          <Descriptions.Item label="当前套餐">
            <Tag color={membership.expired ? 'default' : 'gold'} data-testid="membership-level">
              {membership.name}
            </Tag>
          </Descriptions.Item>
          <Descriptions.Item label={membership.expired ? '状态' : '有效期至'}>
            <span data-testid="membership-expiry">{expiryText(membership)}</span>
          </Descriptions.Item>
          <Descriptions.Item label="可绑定店铺">{membership.shopQuota} 个</Descriptions.Item>
          <Descriptions.Item label="单次邀约商品 ID">{membership.productQuota} 个</Descriptions.Item>
        </Descriptions>
      ) : (
        <span data-testid="membership-expiry">
          <Tag>{TEXT.noMembership}</Tag>选择下方套餐即可开通。
        </span>
      )}
    </Card>
  );
}
