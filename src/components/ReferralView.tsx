/**
 * The referral view of one salesperson: its cards (code, link, QR code, totals), the commission of
 * the last 12 business months, and 邀请的账号. Without `saleId` the caller's own (推广中心); with
 * one, that salesperson's, as 销售管理 opens it (the server checks the grant).
 */
import { type ProColumns } from '@ant-design/pro-components';
import ListTable from '@/components/ListTable';
import { useAccess } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Alert, Button, Card, Typography } from 'antd';
import { useRef } from 'react';
import type { PromotionSummary, Referral } from '#contract/api/promotion';
import { formatYuan } from '#contract/money';
import Chart, { monthText, monthTicks, yuanText, yuanTick } from '@/components/charts';
import ExportButton from '@/components/ExportButton';
import { REFERRAL_COLUMNS as C } from '#contract/text/exports';
import { PROMOTION_TEXT as T } from '#contract/text/promotion';
import { callApi } from '@/services/request';
import { tryCall } from '@/services/tryCall';
import dayjs from '@/kit/dayjs';
import { businessDayBounds, businessDayFilterTooltip } from '@/kit/businessDays';
import { NO_WRAP, tableWidth } from '@/kit/tableWidth';
import { usePagedList } from '@/services/usePagedList';
import { InviteCodeCards, TotalsCards } from '@/components/InviteCards';

type ReferralFilters = { username?: string; levelId?: number; registered?: [string, string] };

/** The register date range as the call's createdFrom (inclusive) / createdTo (exclusive), whole business days. */
export function registeredRange(range: unknown): { createdFrom?: string; createdTo?: string } {
  const bounds = businessDayBounds(range);
  return bounds ? { createdFrom: bounds.from, createdTo: bounds.to } : {};
}

const NO_MEMBERSHIP = 0;

function referralColumns(levels: ReadonlyArray<{ id: number; name: string }>): ProColumns<Referral>[] {
  const date = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD') : '-');
  return [
    { title: C.username, dataIndex: 'username', width: 160, ellipsis: true, fieldProps: { placeholder: '包含即可' } },
    {
      title: C.createdAt,
      dataIndex: 'createdAt',
      search: false,
      width: 170,
      render: (_, row) => <span style={NO_WRAP}>{dayjs(row.createdAt).format('YYYY-MM-DD HH:mm')}</span>,
    },
    { title: '注册日期', dataIndex: 'registered', valueType: 'dateRange', hideInTable: true, tooltip: businessDayFilterTooltip() },
    {
      title: C.level,
      dataIndex: 'levelId',
      valueType: 'select',
      width: 120,
      fieldProps: {
        options: [{ value: NO_MEMBERSHIP, label: T.noMembership }, ...levels.map((level) => ({ value: level.id, label: level.name }))],
      },
      render: (_, row) => row.levelName ?? T.noMembership,
    },
    {
      title: C.expiresAt,
      dataIndex: 'expiresAt',
      search: false,
      width: 120,
      render: (_, row) => (row.levelId === null ? '-' : row.expiresAt === null ? T.permanent : date(row.expiresAt)),
    },
    { title: C.paidOrders, dataIndex: 'paidOrders', search: false, width: 100, align: 'right' },
    {
      title: C.commission,
      dataIndex: 'commissionCents',
      search: false,
      width: 110,
      align: 'right',
      render: (_, row) => <span style={NO_WRAP}>{formatYuan(row.commissionCents)}</span>,
    },
  ];
}

export function MonthlyChart({
  summary,
  loading,
  failed,
  onRetry,
}: {
  summary?: PromotionSummary;
  loading?: boolean;
  failed?: boolean;
  onRetry?: () => void;
}) {
  const months = summary?.months.map((month) => month.month) ?? [];
  const hasRefunds = summary?.months.some((month) => month.refundedCents > 0) ?? false;
  return (
    <Card title={T.monthly} style={{ marginBottom: 16 }}>
      <Chart
        title={T.monthly}
        loading={loading && !summary}
        failed={failed}
        onRetry={onRetry}
        emptyText={T.monthlyEmpty}
        labels={monthTicks(months)}
        tooltipLabels={months.map(monthText)}
        series={[
          { name: T.commissionSeries, kind: 'bar', data: summary?.months.map((month) => month.commissionCents) ?? [] },
          ...(hasRefunds
            ? [{ name: T.refundSeries, kind: 'line' as const, data: summary!.months.map((month) => month.refundedCents) }]
            : []),
        ]}
        formatValue={yuanText}
        formatTick={yuanTick}
        height={260}
      />
    </Card>
  );
}

export default function ReferralView({ saleId }: { saleId?: number }) {
  const body = saleId === undefined ? {} : { saleId };
  const summary = useRequest(() => callApi('promotion/summary', body, { errorToast: false }), { refreshDeps: [saleId] });
  const { data: levels = [] } = useRequest(async () => {
    const found = await tryCall('order/levels', {}, { errorToast: false });
    return (found ?? []).map((level) => ({ id: level.id, name: level.name }));
  });
  const access = useAccess();
  const filters = useRef<Record<string, unknown>>({});
  const list = usePagedList<'promotion/referrals', ReferralFilters>('promotion/referrals', {
    toBody: ({ registered, ...rest }) => ({ ...rest, ...body, ...registeredRange(registered) }),
    emptyText: T.referralsEmpty,
    filtersRef: filters,
  });
  const columns = referralColumns(levels);
  const data = summary.data;
  const failed = Boolean(summary.error) && !data;
  // An account that is not a salesperson has nothing to chart or list: the notice says why.
  if (data && !data.isSalesperson) return <InviteCodeCards summary={data} own={saleId === undefined} />;

  return (
    <>
      {failed && (
        <Alert
          type="error"
          showIcon
          message={T.loadFailed}
          description={summary.error?.message}
          action={<Button onClick={summary.refresh}>{T.retry}</Button>}
          style={{ marginBottom: 16 }}
        />
      )}
      {!data && summary.loading && <Card loading style={{ marginBottom: 16 }} />}
      {data && <InviteCodeCards summary={data} own={saleId === undefined} />}
      {data?.isSalesperson && <TotalsCards summary={data} />}
      <MonthlyChart summary={data} loading={summary.loading} failed={failed} onRetry={summary.refresh} />
      <ListTable<Referral, ReferralFilters>
        key={saleId ?? 'own'}
        rowKey="id"
        headerTitle={
          <span>
            {T.referrals}
            {data && (
              <Typography.Text type="secondary" style={{ marginLeft: 8, fontSize: 14, fontWeight: 'normal' }}>
                {T.referredCount(data.referredCount)}
              </Typography.Text>
            )}
          </span>
        }
        columns={columns}
        scroll={{ x: tableWidth(columns) }}
        {...list}
        search={{ labelWidth: 'auto' }}
        options={{ reload: true }}
        toolBarRender={() => [
          // The salesperson's own list (推广中心); staff export 销售管理 itself.
          <ExportButton
            key="export"
            path="promotion/export"
            allowed={saleId === undefined && access.canExportReferrals}
            filters={() => filters.current}
          />,
        ]}
      />
    </>
  );
}
