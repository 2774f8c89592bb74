/** The levels on sale, each with its price, duration, quotas and the buy / renew button. */
import { CheckOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, Row, theme, Typography } from 'antd';
import { formatYuan } from '#contract/money';
import { ORDER_TEXT } from '#contract/text/orders';
import type { CurrentMembership, LevelOnSale } from '#contract/api/order';

const TEXT = ORDER_TEXT.memberCenter;

export function buyLabel(level: LevelOnSale, membership: CurrentMembership | null | undefined): string {
  if (!membership || membership.expired) return TEXT.buy;
  return membership.levelId === level.id ? TEXT.renew : TEXT.switchTo;
}

interface Props {
  levels: LevelOnSale[];
  membership: CurrentMembership | null | undefined;
  loading: boolean;
  onBuy(level: LevelOnSale): void;
}

export default function LevelCards({ levels, membership, loading, onBuy }: Props) {
  // The theme's colours, so the dark theme changes them too.
  const { token } = theme.useToken();
  const check = { color: token.colorSuccess, marginRight: 8 };
  return (
    <Card title={TEXT.levelsTitle} loading={loading}>
      {levels.length === 0 ? (
        <Empty description="暂无在售套餐" />
      ) : (
        <Row gutter={[16, 16]}>
          {levels.map((level) => {
            const current = membership && !membership.expired && membership.levelId === level.id;
            return (
              <Col key={level.id} xs={24} md={12} xl={8}>
                <Card
                  data-testid={`level-${level.id}`}
                  type="inner"
                  title={level.name}
                  extra={current ? <Typography.Text type="warning">当前套餐</Typography.Text> : null}
                  style={{ height: '100%', borderColor: current ? token.colorWarning : undefined }}
                >
                  <div style={{ marginBottom: 12 }}>
                    <Typography.Text style={{ fontSize: 28, fontWeight: 600 }}>¥{formatYuan(level.priceCents)}</Typography.Text>
                    <Typography.Text type="secondary"> / {level.durationDays} 天</Typography.Text>
                  </div>
                  <ul style={{ listStyle: 'none', padding: 0, margin: '0 0 16px', lineHeight: 2 }}>
                    <li>
                      <CheckOutlined style={check} />
                      可绑定店铺 {level.shopQuota} 个
                    </li>
                    <li>
                      <CheckOutlined style={check} />
                      单次邀约商品 ID {level.productQuota} 个
                    </li>
                    <li>
                      <CheckOutlined style={check} />
                      有效期 {level.durationDays} 天
                    </li>
                  </ul>
                  <Button type={current ? 'primary' : 'default'} block onClick={() => onBuy(level)}>
                    {buyLabel(level, membership)}
                  </Button>
                </Card>
              </Col>
            );
          })}
        </Row>
      )}
    </Card>
  );
}
