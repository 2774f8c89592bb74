/**
 * The account's figures on /client/home: shops, orders, and for a salesperson the payable balance,
 * the held commissions (and what is owed, when anything is) and this month's commission.
 */
import { Link } from '@umijs/max';
import { Card, Col, Row, Statistic } from 'antd';
import { tryCall } from '@/services/tryCall';
import { formatYuan } from '#contract/money';
import type { HomeSummary } from '#contract/api/profile';
import dayjs from '@/kit/dayjs';
import { cachedReadOptions } from '@/services/requestDefaults';
import { useCachedRequest } from '@/services/useCachedRequest';

export const FIGURE_TITLES = {
  shops: '已绑定店铺',
  orders: '订单数',
  balance: '可提现余额（元）',
  pending: '待结算佣金（元）',
  owed: '待扣回（元）',
  monthCommission: '本月佣金（元）',
} as const;

function Figure({ title, value, to, testId }: { title: string; value: string | number; to: string; testId: string }) {
  return (
    <Col xs={12} md={6}>
      <Card size="small" hoverable>
        <Link to={to} style={{ color: 'inherit' }}>
          <Statistic title={title} value={value} valueStyle={{ fontSize: 24 }} data-testid={testId} />
        </Link>
      </Card>
    </Col>
  );
}

export function FigureCards({ summary }: { summary: HomeSummary }) {
  return (
    <Row gutter={[16, 16]}>
      <Figure title={FIGURE_TITLES.shops} value={summary.shopCount} to="/client/shopManager" testId="figure-shops" />
      <Figure title={FIGURE_TITLES.orders} value={summary.orderCount} to="/client/orderList" testId="figure-orders" />
      {summary.sale && (
        <>
          <Figure
            title={FIGURE_TITLES.balance}
            value={formatYuan(summary.sale.balanceCents)}
            to="/client/saleBalanceRecord"
            testId="figure-balance"
          />
          <Figure
            title={FIGURE_TITLES.pending}
            value={formatYuan(summary.sale.pendingCents)}
            to="/client/saleBalanceRecord"
            testId="figure-pending"
          />
          {summary.sale.owedCents > 0 && (
            <Figure
              title={FIGURE_TITLES.owed}
              value={formatYuan(summary.sale.owedCents)}
              to="/client/saleBalanceRecord"
              testId="figure-owed"
            />
          )}
          <Figure
            title={FIGURE_TITLES.monthCommission}
            value={formatYuan(summary.sale.monthCommissionCents)}
            to="/client/saleBalanceRecord"
            testId="figure-month-commission"
          />
        </>
      )}
    </Row>
  );
}

export default function HomeFigures({ cacheKey }: { cacheKey: string }) {
  const { data } = useCachedRequest(() => tryCall('profile/summary', { monthStart: dayjs().startOf('month').toISOString() }), {
    ...cachedReadOptions,
    cacheKey,
  });
  if (!data) return null;
  return (
    <div style={{ marginTop: 16 }}>
      <FigureCards summary={data} />
    </div>
  );
}
