/**
 * 首页 for staff (数据看板, issue 15): the cards (each a link to its list, filtered as the figure
 * counts) and the charts of a date range. The server answers only the figures the account's
 * grants open; what it leaves out is not drawn. Loaded lazily by pages/client/Home (its own chunk,
 * with the charts' in theirs), so the member 首页 does not grow.
 */
import { Link } from '@umijs/max';
import { browserTimeZone } from '@/kit/businessZone';
import { Alert, Button, Card, Col, DatePicker, Empty, List, Row, Segmented, Statistic, Tooltip, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState, type ReactNode } from 'react';
import type { DashboardSummary } from '#contract/api/dashboard';
import { formatYuan } from '#contract/money';
import Chart, { countText, dayText, dayTicks, yuanText, yuanTick } from '@/components/charts';
import { DASHBOARD_TEXT as T } from '@/locales/zh-CN/dashboard';
import { callApi } from '@/services/request';
import dayjs from '@/kit/dayjs';
import { listLink } from '@/kit/listQuery';
import { useCachedRequest } from '@/services/useCachedRequest';

export const RANGE_MAX_DAYS = 366;
const DAY = 'YYYY-MM-DD';

/** The browser's time zone (IANA name). */

/** The last `days` days up to `today` (the business day, once the server said it), as [from, to]. */
export const lastDays = (days: number, today: Dayjs = dayjs()): [Dayjs, Dayjs] => [
  today.subtract(days - 1, 'day').startOf('day'),
  today.startOf('day'),
];

interface CardSpec {
  key: keyof DashboardSummary['cards'];
  title: string;
  money?: boolean;
  to: (summary: DashboardSummary) => string;
  hint?: string;
}

const ORDERS = '/client/orderList';
const USERS = '/client/system/usersManager';

/** The cards in their order, each with the list (and its filter) the figure is the total of. */
export const CARDS: readonly CardSpec[] = [
  {
    key: 'todayRevenueCents',
    title: T.todayRevenue,
    money: true,
    hint: T.revenueHint,
    to: (s) => listLink(ORDERS, { status: 'paid', created: [s.today, s.today] }),
  },
  {
    key: 'monthRevenueCents',
    title: T.monthRevenue,
    money: true,
    hint: T.revenueHint,
    to: (s) => listLink(ORDERS, { status: 'paid', created: [s.monthStart, s.today] }),
  },
  { key: 'newAccountsToday', title: T.newAccountsToday, to: (s) => listLink(USERS, { created: [s.today, s.today] }) },
  { key: 'newAccountsMonth', title: T.newAccountsMonth, to: (s) => listLink(USERS, { created: [s.monthStart, s.today] }) },
  { key: 'activeMembers', title: T.activeMembers, to: () => listLink(USERS, { membership: 'active' }) },
  { key: 'pendingOrders', title: T.pendingOrders, to: () => listLink(ORDERS, { status: 'pending' }) },
  { key: 'pendingWithdrawals', title: T.pendingWithdrawals, to: () => listLink('/client/withdrawalApproval', { status: 'pending' }) },
  { key: 'payableCommissionCents', title: T.payableCommission, money: true, to: () => '/client/system/saleManager' },
];

export function FigureCards({ summary }: { summary: DashboardSummary }) {
  const shown = CARDS.filter((card) => summary.cards[card.key] !== undefined);
  if (!shown.length) return null;
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {shown.map((card) => {
        const value = summary.cards[card.key]!;
        const title = card.hint ? (
          <Tooltip title={card.hint}>
            <span>{card.title}</span>
          </Tooltip>
        ) : (
          card.title
        );
        return (
          <Col key={card.key} xs={12} md={8} xl={6}>
            <Link
              to={card.to(summary)}
              style={{ color: 'inherit', display: 'block', height: '100%' }}
              data-testid={`dashboard-card-${card.key}`}
            >
              <Card size="small" hoverable style={{ height: '100%' }}>
                <Statistic title={title} value={card.money ? formatYuan(value) : countText(value)} valueStyle={{ fontSize: 24 }} />
              </Card>
            </Link>
          </Col>
        );
      })}
    </Row>
  );
}

type ChartState = { loading: boolean; failed: boolean; onRetry: () => void };

function OrderTrend({ days, state }: { days: NonNullable<DashboardSummary['orderDays']>; state: ChartState }) {
  const [shown, setShown] = useState<'revenue' | 'orders'>('revenue');
  const labels = days.map((day) => day.day);
  const revenue = shown === 'revenue';
  return (
    <Card
      title={T.orderTrend}
      extra={
        <Segmented
          size="small"
          value={shown}
          onChange={(value) => setShown(value as 'revenue' | 'orders')}
          options={[
            { value: 'revenue', label: T.revenueSeries },
            { value: 'orders', label: T.paidOrdersSeries },
          ]}
        />
      }
      style={{ height: '100%' }}
    >
      <Chart
        title={`${T.orderTrend}：${revenue ? T.revenueSeries : T.paidOrdersSeries}`}
        {...state}
        labels={dayTicks(labels)}
        tooltipLabels={labels.map(dayText)}
        series={[
          revenue
            ? { name: T.revenueSeries, kind: 'line', data: days.map((day) => day.revenueCents) }
            : { name: T.paidOrdersSeries, kind: 'bar', data: days.map((day) => day.paidOrders) },
        ]}
        formatValue={revenue ? yuanText : countText}
        formatTick={revenue ? yuanTick : countText}
        wholeNumbers={!revenue}
        emptyText={T.ordersEmpty}
      />
    </Card>
  );
}

function LevelsChart({ levels, state }: { levels: NonNullable<DashboardSummary['levels']>; state: ChartState }) {
  return (
    <Card title={T.levels} style={{ height: '100%' }}>
      <Chart
        title={T.levels}
        {...state}
        labels={levels.map((level) => level.name)}
        series={[{ name: T.levelsOrders, kind: 'bar', data: levels.map((level) => level.orders), colorIndex: 2 }]}
        formatValue={countText}
        wholeNumbers
        emptyText={T.ordersEmpty}
      />
    </Card>
  );
}

function RegistrationTrend({ days, state }: { days: NonNullable<DashboardSummary['registrationDays']>; state: ChartState }) {
  const labels = days.map((day) => day.day);
  return (
    <Card title={T.registrationTrend} style={{ height: '100%' }}>
      <Chart
        title={T.registrationTrend}
        {...state}
        labels={dayTicks(labels)}
        tooltipLabels={labels.map(dayText)}
        series={[{ name: T.registrationsSeries, kind: 'bar', data: days.map((day) => day.count) }]}
        formatValue={countText}
        wholeNumbers
        emptyText={T.registrationsEmpty}
      />
    </Card>
  );
}

function TopSales({ rows, loading, failed, onRetry }: { rows: NonNullable<DashboardSummary['topSalespeople']> } & ChartState) {
  let body: ReactNode;
  if (failed && !rows.length) {
    body = (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.loadFailed}>
        <Button onClick={onRetry}>{T.retry}</Button>
      </Empty>
    );
  } else {
    body = (
      <List
        loading={loading}
        dataSource={rows}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.topSalesEmpty} /> }}
        renderItem={(row, index) => (
          <List.Item extra={<Typography.Text strong>¥{formatYuan(row.commissionCents)}</Typography.Text>}>
            <List.Item.Meta
              avatar={<span style={{ display: 'inline-block', width: 20, textAlign: 'right', fontWeight: 600 }}>{index + 1}</span>}
              title={row.username}
              description={T.ordersCount(countText(row.orders))}
            />
          </List.Item>
        )}
      />
    );
  }
  return (
    <Card title={T.topSales} style={{ height: '100%' }} data-testid="dashboard-top-sales">
      {body}
    </Card>
  );
}

export function DashboardView({
  summary,
  loading,
  failed,
  onRetry,
  range,
  onRange,
}: {
  summary?: DashboardSummary;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  /** The range chosen; none yet: the server's default (its last 30 business days), shown once answered. */
  range?: [Dayjs, Dayjs];
  onRange: (range: [Dayjs, Dayjs]) => void;
}) {
  const [tooLong, setTooLong] = useState(false);
  // The answer of the range shown (while another range loads, the last one stays on the cards).
  const current = summary && (!range || (summary.from === range[0].format(DAY) && summary.to === range[1].format(DAY)));
  const state: ChartState = { loading: loading && !current, failed: failed && !loading && !current, onRetry };
  // Every day here is a business day (BUSINESS_TZ): today is the server's, not the browser's.
  const today = summary ? dayjs(summary.today) : dayjs();
  const shown: [Dayjs, Dayjs] | undefined = range ?? (summary ? [dayjs(summary.from), dayjs(summary.to)] : undefined);
  const otherZone = summary && summary.timeZone !== browserTimeZone() ? summary.timeZone : undefined;
  const picker = (
    <DatePicker.RangePicker
      aria-label={T.range}
      value={shown}
      allowClear={false}
      disabledDate={(day) => day.isAfter(today, 'day')}
      presets={[
        { label: T.last7, value: lastDays(7, today) },
        { label: T.last30, value: lastDays(30, today) },
        { label: T.last90, value: lastDays(90, today) },
      ]}
      onChange={(value) => {
        if (!value?.[0] || !value[1]) return;
        const days = value[1].diff(value[0], 'day') + 1;
        setTooLong(days > RANGE_MAX_DAYS);
        if (days <= RANGE_MAX_DAYS) onRange([value[0], value[1]]);
      }}
    />
  );
  // Before the first answer the parts are unknown: the charts the account most likely sees wait.
  const parts = summary ?? { orderDays: [], registrationDays: [], levels: [], topSalespeople: undefined, cards: {} };
  const nothing = summary && !Object.keys(summary.cards).length;
  return (
    <section aria-label={T.title} data-testid="dashboard">
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center', justifyContent: 'space-between', marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0, fontSize: 16 }}>
          {T.title}
        </Typography.Title>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
          {otherZone && (
            <Typography.Text type="secondary" data-testid="dashboard-zone">
              {T.zoneNote(otherZone)}
            </Typography.Text>
          )}
          {picker}
        </div>
      </div>
      {tooLong && <Alert type="warning" showIcon message={T.rangeTooLong} style={{ marginBottom: 16 }} />}
      {failed && !summary && (
        <Alert
          type="error"
          showIcon
          message={T.loadFailed}
          style={{ marginBottom: 16 }}
          action={
            <Button size="small" onClick={onRetry}>
              {T.retry}
            </Button>
          }
        />
      )}
      {loading && !summary ? <Card loading style={{ marginBottom: 16 }} /> : summary && <FigureCards summary={summary} />}
      {nothing && <Empty description={T.nothing} />}
      <Row gutter={[16, 16]}>
        {parts.orderDays && (
          <Col xs={24} xl={16}>
            <OrderTrend days={parts.orderDays} state={state} />
          </Col>
        )}
        {parts.levels && (
          <Col xs={24} xl={8}>
            <LevelsChart levels={parts.levels} state={state} />
          </Col>
        )}
        {parts.registrationDays && (
          <Col xs={24} xl={16}>
            <RegistrationTrend days={parts.registrationDays} state={state} />
          </Col>
        )}
        {parts.topSalespeople && (
          <Col xs={24} xl={8}>
            <TopSales rows={parts.topSalespeople} {...state} />
          </Col>
        )}
      </Row>
    </section>
  );
}

export default function Dashboard({ cacheKey }: { cacheKey: string }) {
  // None chosen yet: the server's last 30 business days up to its today.
  const [range, setRange] = useState<[Dayjs, Dayjs]>();
  const from = range?.[0].format(DAY);
  const to = range?.[1].format(DAY);
  const { data, loading, error, refresh } = useCachedRequest(
    () => callApi('dashboard/summary', from && to ? { from, to } : {}, { errorToast: false }),
    { refreshDeps: [from, to], cacheKey: `${cacheKey}/${from ?? 'recent'}/${to ?? ''}` },
  );
  return <DashboardView summary={data} loading={loading} failed={Boolean(error)} onRetry={refresh} range={range} onRange={setRange} />;
}
