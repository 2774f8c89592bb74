/** 销售管理: salespeople with invite code, rate, status, referred accounts and balance; edit the rate, new invite code, remove (/salerdel). */
import { ModalForm, PageContainer, ProFormDigit, type ActionType, type ProColumns } from '@ant-design/pro-components';
import ListTable from '@/components/ListTable';
import { BALANCE_TEXT } from '#contract/text/ledger';
import { useAccess } from '@umijs/max';
import { SyncOutlined } from '@ant-design/icons';
import { Button, Drawer, Popconfirm, Skeleton, Space, Tooltip, Typography } from 'antd';
import { lazy, Suspense, useRef, useState } from 'react';
import { PROMOTION_TEXT } from '#contract/text/promotion';
import { act } from '@/kit/act';
import { formatRate, formatYuan } from '#contract/money';
import type { SaleItem } from '#contract/api/sale';
import { LIMITS } from '#contract/rules';
import { basisPointsToPercent, percentToBasisPoints } from '#contract/system';
import { SALE_STATUS_TEXT, SYSTEM_LIST_TEXT } from '#contract/text/system';
import dayjs from '@/kit/dayjs';
import { requiredNumber } from '@/kit/formRules';
import { usePagedList } from '@/services/usePagedList';
import { useFieldErrors } from '@/services/fieldErrors';
import ExportButton from '@/components/ExportButton';
import { SALE_COLUMNS as C } from '#contract/text/exports';
import { NO_WRAP } from '@/kit/tableWidth';
import { TABLE_SCROLL } from '@/kit/tableLayout';
import AccountCell from '@/components/AccountCell';
import { destroyOnHidden } from '@/kit/dialogForm';

// 推广详情: the salesperson's referral view (cards, chart, 邀请的账号), loaded when first opened.
const ReferralView = lazy(() => import('@/components/ReferralView'));

const STATUS_ENUM = {
  enabled: { text: SALE_STATUS_TEXT.enabled, status: 'Success' },
  disabled: { text: SALE_STATUS_TEXT.disabled, status: 'Default' },
  removed: { text: SALE_STATUS_TEXT.removed, status: 'Error' },
};

export default function SaleManager() {
  const access = useAccess();
  const table = useRef<ActionType>();
  const [editing, setEditing] = useState<SaleItem>();
  const [promoted, setPromoted] = useState<SaleItem>();
  const reload = () => table.current?.reload();

  const regenerateCode = (sale: SaleItem) => (
    <Popconfirm
      title="重新生成邀请码？"
      description="旧邀请码将立即失效"
      onConfirm={async () => {
        await act('sale/regenerateCode', { accountId: sale.accountId }, '邀请码已更新', reload);
      }}
    >
      <Tooltip title={SYSTEM_LIST_TEXT.regenerateCode}>
        <Button type="text" size="small" aria-label={SYSTEM_LIST_TEXT.regenerateCode} icon={<SyncOutlined />} />
      </Tooltip>
    </Popconfirm>
  );

  const columns: ProColumns<SaleItem>[] = [
    { title: C.username, dataIndex: 'username', hideInTable: true },
    {
      title: SYSTEM_LIST_TEXT.account,
      dataIndex: 'username',
      key: 'account',
      search: false,
      width: 170,
      ellipsis: true,
      render: (_, sale) => <AccountCell username={sale.username} email={sale.email} />,
    },
    {
      title: C.inviteCode,
      dataIndex: 'inviteCode',
      width: 150,
      render: (_, sale) => (
        <Space size={0}>
          <Typography.Text code copyable={{ text: sale.inviteCode }}>
            {sale.inviteCode}
          </Typography.Text>
          {sale.status === 'removed' ? null : regenerateCode(sale)}
        </Space>
      ),
    },
    {
      title: C.commissionRate,
      dataIndex: 'commissionRate',
      search: false,
      width: 80,
      render: (_, sale) => formatRate(sale.commissionRate),
    },
    { title: C.status, dataIndex: 'status', valueType: 'select', valueEnum: STATUS_ENUM, hideInTable: true },
    {
      title: SYSTEM_LIST_TEXT.saleStatusSince,
      dataIndex: 'status',
      key: 'statusSince',
      search: false,
      width: 110,
      render: (dom, sale) => (
        <Space direction="vertical" size={0}>
          {dom}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {dayjs(sale.createdAt).format('YYYY-MM-DD')}
          </Typography.Text>
        </Space>
      ),
      valueEnum: STATUS_ENUM,
    },
    { title: C.referredCount, dataIndex: 'referredCount', search: false, width: 90 },
    {
      title: C.balance,
      dataIndex: 'balanceCents',
      search: false,
      width: 120,
      align: 'right',
      // 可提现, with the held commissions and what is owed under it when there are any (the export has each in a column).
      render: (_, sale) => (
        <Space direction="vertical" size={0} style={NO_WRAP}>
          {formatYuan(sale.balanceCents)}
          {sale.pendingCents > 0 && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {`${BALANCE_TEXT.pending} ${formatYuan(sale.pendingCents)}`}
            </Typography.Text>
          )}
          {sale.owedCents > 0 && (
            <Typography.Text type="danger" style={{ fontSize: 12 }}>
              {`${BALANCE_TEXT.owed} ${formatYuan(sale.owedCents)}`}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: '操作',
      valueType: 'option',
      width: 180,
      render: (_, sale) => {
        const details = (
          <a key="promotion" onClick={() => setPromoted(sale)}>
            {PROMOTION_TEXT.details}
          </a>
        );
        return sale.status === 'removed'
          ? [
              details,
              <Typography.Text key="removed" type="secondary">
                已删除（账目保留）
              </Typography.Text>,
            ]
          : [
              details,
              <a key="rate" onClick={() => setEditing(sale)}>
                修改佣金
              </a>,
              access.canSeeSalerDel ? (
                <Popconfirm
                  key="remove"
                  title={`删除销售 ${sale.username}？`}
                  description="删除后邀请码失效，收支记录与余额保留"
                  okButtonProps={{ danger: true }}
                  onConfirm={async () => {
                    await act('sale/remove', { accountId: sale.accountId }, '销售已删除', reload);
                  }}
                >
                  <Typography.Link type="danger">删除</Typography.Link>
                </Popconfirm>
              ) : null,
            ];
      },
    },
  ];

  const filters = useRef<Record<string, unknown>>({});
  const list = usePagedList('sale/list', { actionRef: table, filtersRef: filters });
  const fieldErrors = useFieldErrors();
  return (
    <PageContainer>
      <ListTable<SaleItem>
        rowKey="accountId"
        headerTitle="销售列表"
        actionRef={table}
        columns={columns}
        {...list}
        scroll={TABLE_SCROLL}
        toolBarRender={() => [
          <ExportButton key="export" path="sale/export" allowed={access.canExportSales} filters={() => filters.current} />,
        ]}
      />
      <Drawer
        title={promoted ? PROMOTION_TEXT.detailsTitle(promoted.username) : undefined}
        open={Boolean(promoted)}
        onClose={() => setPromoted(undefined)}
        width="min(1100px, 100vw)"
        destroyOnHidden
      >
        {promoted && (
          <Suspense fallback={<Skeleton active />}>
            <ReferralView saleId={promoted.accountId} />
          </Suspense>
        )}
      </Drawer>
      {editing ? (
        <ModalForm<{ percent: number }>
          name="saleRateForm"
          title={`修改佣金：${editing.username}`}
          open
          width={420}
          onOpenChange={(open) => !open && setEditing(undefined)}
          modalProps={destroyOnHidden()}
          initialValues={{ percent: basisPointsToPercent(editing.commissionRate) }}
          form={fieldErrors.form}
          onFinish={fieldErrors.wrap(async ({ percent }) => {
            return Boolean(
              await act(
                'sale/setSale',
                { accountId: editing.accountId, enabled: editing.status === 'enabled', commissionRate: percentToBasisPoints(percent) },
                '佣金比例已更新',
                reload,
              ),
            );
          })}
        >
          <ProFormDigit
            name="percent"
            label="佣金比例"
            fieldProps={{ precision: 2, suffix: '%' }}
            rules={requiredNumber(LIMITS.commissionPercent)}
            extra="只影响之后支付的订单"
          />
        </ModalForm>
      ) : null}
    </PageContainer>
  );
}
