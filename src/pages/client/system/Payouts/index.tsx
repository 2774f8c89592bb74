/**
 * `/client/system/payouts` 打款批次: the batches of approved withdrawals, newest first. 组批 gathers
 * the approved withdrawals no batch holds (chosen, or every one approved in a time range); a batch's
 * 明细 lists its withdrawals and downloads its bank file (打款文件); 确认打款 marks it and them paid
 * after one confirmation; 撤销 takes an open batch apart.
 */
import { PageContainer, ProTable, type ProColumns } from '@ant-design/pro-components';
import { useAccess } from '@umijs/max';
import { Button, DatePicker, Drawer, Grid, Modal, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import ExportButton from '@/components/ExportButton';
import ListTable from '@/components/ListTable';
import { act } from '@/kit/act';
import { businessDayBounds, businessDayFilterTooltip } from '@/kit/businessDays';
import dayjs from '@/kit/dayjs';
import { modal } from '@/kit/feedback';
import { dateTime } from '@/kit/ledgerDisplay';
import { NO_WRAP, tableWidth } from '@/kit/tableWidth';
import { tryCall } from '@/services/tryCall';
import { usePagedList } from '@/services/usePagedList';
import type { PayoutBatch } from '#contract/api/payout';
import type { Withdrawal } from '#contract/api/withdrawal';
import { maskedCard } from '#contract/ledger';
import { formatYuan } from '#contract/money';
import { MAX_BATCH_WITHDRAWALS } from '#contract/payouts';
import { BANK_FILE_COLUMNS as C } from '#contract/text/exports';
import { batchName, PAYOUT_STATUS_LABELS, payoutReference } from '#contract/text/payouts';

export const PAYOUT_TEXT = {
  title: '打款批次',
  hint: '审核通过的提现在这里组成批次：下载打款文件到银行批量打款，打款完成后一次确认，销售会收到通知。',
  create: '组批',
  createTitle: '组成打款批次',
  range: '审核时间',
  createChosen: (n: number) => `组批选中的 ${n} 笔`,
  createRange: (n: number) => `组批这段时间的全部 ${n} 笔`,
  nothingWaiting: '没有待组批的提现',
  listedFirst: (listed: number, total: number) => `共 ${total} 笔待组批，这里列出前 ${listed} 笔`,
  created: '打款批次已创建',
  details: '明细',
  markPaid: '确认打款',
  markPaidTitle: (name: string) => `确认 ${name} 已打款？`,
  markPaidContent: (count: number, payout: string) =>
    `确认已按打款文件向 ${count} 位收款人共打款 ¥${payout}。确认后提现状态变为已打款，并通知每位销售。`,
  paid: '已确认打款',
  cancel: '撤销',
  cancelTitle: (name: string) => `撤销 ${name}？`,
  cancelContent: '批次中的提现回到待打款，可以重新组批。',
  cancelled: '批次已撤销',
} as const;

/** The dialog lists this many waiting withdrawals (the list call's largest page); 组批 by time takes every one in the range. */
const LISTED = 100;

const yuan = (cents: number) => <span style={NO_WRAP}>¥{formatYuan(cents)}</span>;

const withdrawalColumns: TableColumnsType<Withdrawal> = [
  { title: C.reference, dataIndex: 'id', width: 120, render: (id: number) => <span style={NO_WRAP}>{payoutReference(id)}</span> },
  { title: C.username, dataIndex: 'username', width: 120 },
  { title: C.payee, dataIndex: ['card', 'holder'], width: 100 },
  {
    title: C.card,
    dataIndex: 'card',
    width: 200,
    render: (card: Withdrawal['card']) => <span style={NO_WRAP}>{`${card.bank} ${maskedCard(card.last4)}`}</span>,
  },
  {
    title: C.payout,
    dataIndex: 'amountCents',
    width: 120,
    align: 'right',
    render: (_: number, row) => yuan(row.amountCents - row.feeCents),
  },
  { title: C.fee, dataIndex: 'feeCents', width: 100, align: 'right', render: (cents: number) => yuan(cents) },
];

/** 组批: the approved withdrawals no batch holds, chosen one by one or taken by their approval time. */
function CreateBatch({ onClose, onCreated }: { onClose: () => void; onCreated: () => void }) {
  const [range, setRange] = useState<[dayjs.Dayjs, dayjs.Dayjs] | null>(null);
  const [rows, setRows] = useState<Withdrawal[]>();
  const [total, setTotal] = useState(0);
  const [chosen, setChosen] = useState<number[]>([]);
  const [saving, setSaving] = useState(false);
  // Whole business days (BUSINESS_TZ), as the other date filters.
  const days = businessDayBounds(range);
  const bounds = days ? { reviewedFrom: days.from, reviewedTo: days.to } : {};
  useEffect(() => {
    setRows(undefined);
    setChosen([]);
    void tryCall('withdrawal/list', { status: 'approved', unbatched: true, pageSize: LISTED, ...bounds }).then((page) => {
      setRows(page?.list ?? []);
      setTotal(page?.total ?? 0);
    });
    // The range's bounds follow from `range`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [range]);
  const byRange = chosen.length === 0 && range !== null;
  const count = byRange ? total : chosen.length;
  async function create() {
    setSaving(true);
    const batch = await act('payout/create', byRange ? bounds : { withdrawalIds: chosen }, PAYOUT_TEXT.created, onCreated).finally(() =>
      setSaving(false),
    );
    if (batch) onClose();
  }
  return (
    <Modal
      title={PAYOUT_TEXT.createTitle}
      open
      width={860}
      onCancel={onClose}
      destroyOnHidden
      okText={byRange ? PAYOUT_TEXT.createRange(count) : PAYOUT_TEXT.createChosen(count)}
      okButtonProps={{ disabled: count === 0 || count > MAX_BATCH_WITHDRAWALS, loading: saving }}
      onOk={() => void create()}
    >
      <Space style={{ marginBottom: 12 }}>
        <Typography.Text title={businessDayFilterTooltip()}>{PAYOUT_TEXT.range}</Typography.Text>
        <DatePicker.RangePicker value={range} onChange={(value) => setRange(value && value[0] && value[1] ? [value[0], value[1]] : null)} />
      </Space>
      {rows && total > rows.length && (
        <Typography.Paragraph type="secondary">{PAYOUT_TEXT.listedFirst(rows.length, total)}</Typography.Paragraph>
      )}
      <Table<Withdrawal>
        rowKey="id"
        size="small"
        loading={rows === undefined}
        dataSource={rows}
        columns={withdrawalColumns}
        scroll={{ x: 760, y: 360 }}
        pagination={false}
        locale={{ emptyText: PAYOUT_TEXT.nothingWaiting }}
        rowSelection={{ selectedRowKeys: chosen, onChange: (keys) => setChosen(keys as number[]) }}
      />
    </Modal>
  );
}

/** 明细: a batch's withdrawals, with its bank file. */
function BatchDrawer({ batch, onClose, canExport }: { batch: PayoutBatch; onClose: () => void; canExport: boolean }) {
  const screens = Grid.useBreakpoint();
  const list = usePagedList('withdrawal/list');
  return (
    <Drawer
      title={batchName(batch.id)}
      open
      onClose={onClose}
      width={screens.md === false ? '100%' : 900}
      destroyOnHidden
      extra={<ExportButton path="payout/export" allowed={canExport} filters={() => ({ batchId: batch.id })} />}
    >
      <ProTable<Withdrawal, { batchId: number }>
        rowKey="id"
        {...list}
        params={{ batchId: batch.id }}
        columns={withdrawalColumns as ProColumns<Withdrawal>[]}
        search={false}
        options={false}
        scroll={{ x: 760 }}
        pagination={{ defaultPageSize: 20, showSizeChanger: false }}
        headerTitle={`${batch.withdrawals} 笔 · 实付 ¥${formatYuan(batch.payoutCents)}`}
      />
    </Drawer>
  );
}

export default function PayoutsPage() {
  const access = useAccess();
  const list = usePagedList('payout/list', { emptyText: '还没有打款批次' });
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<PayoutBatch>();
  const reload = () => list.actionRef.current?.reload();
  const confirmPaid = (batch: PayoutBatch) =>
    modal.confirm({
      title: PAYOUT_TEXT.markPaidTitle(batchName(batch.id)),
      content: PAYOUT_TEXT.markPaidContent(batch.withdrawals, formatYuan(batch.payoutCents)),
      okText: PAYOUT_TEXT.markPaid,
      onOk: () => act('payout/markPaid', { id: batch.id }, PAYOUT_TEXT.paid, reload),
    });
  const confirmCancel = (batch: PayoutBatch) =>
    modal.confirm({
      title: PAYOUT_TEXT.cancelTitle(batchName(batch.id)),
      content: PAYOUT_TEXT.cancelContent,
      okText: PAYOUT_TEXT.cancel,
      okButtonProps: { danger: true },
      onOk: () => act('payout/cancel', { id: batch.id }, PAYOUT_TEXT.cancelled, reload),
    });
  const columns: ProColumns<PayoutBatch>[] = [
    { title: '批次', dataIndex: 'id', width: 110, render: (_, row) => <span style={NO_WRAP}>{batchName(row.id)}</span> },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (_, row) => <Tag color={row.status === 'paid' ? 'success' : 'processing'}>{PAYOUT_STATUS_LABELS[row.status]}</Tag>,
    },
    { title: '笔数', dataIndex: 'withdrawals', width: 60, align: 'right' },
    { title: '申请金额', dataIndex: 'amountCents', width: 120, align: 'right', render: (_, row) => yuan(row.amountCents) },
    {
      title: '实付金额',
      dataIndex: 'payoutCents',
      width: 120,
      align: 'right',
      render: (_, row) => <Typography.Text strong>{yuan(row.payoutCents)}</Typography.Text>,
    },
    {
      title: '组批',
      dataIndex: 'createdAt',
      width: 190,
      render: (_, row) => <span style={NO_WRAP}>{`${row.createdBy ?? '-'} · ${dateTime(row.createdAt)}`}</span>,
    },
    {
      title: '打款确认',
      dataIndex: 'paidAt',
      width: 190,
      render: (_, row) => (row.paidAt ? <span style={NO_WRAP}>{`${row.paidBy ?? '-'} · ${dateTime(row.paidAt)}`}</span> : '-'),
    },
    {
      title: '操作',
      valueType: 'option',
      width: 160,
      render: (_, row) => [
        <a key="details" onClick={() => setOpen(row)}>
          {PAYOUT_TEXT.details}
        </a>,
        row.status === 'open' && access.canPayPayout && (
          <a key="paid" onClick={() => confirmPaid(row)}>
            {PAYOUT_TEXT.markPaid}
          </a>
        ),
        row.status === 'open' && access.canCreatePayout && (
          <a key="cancel" onClick={() => confirmCancel(row)}>
            {PAYOUT_TEXT.cancel}
          </a>
        ),
      ],
    },
  ];
  return (
    <PageContainer title={PAYOUT_TEXT.title} content={PAYOUT_TEXT.hint}>
      <ListTable<PayoutBatch>
        rowKey="id"
        columns={columns}
        {...list}
        scroll={{ x: tableWidth(columns) }}
        search={false}
        options={{ reload: true }}
        toolBarRender={() =>
          access.canCreatePayout
            ? [
                <Button key="create" type="primary" onClick={() => setCreating(true)}>
                  {PAYOUT_TEXT.create}
                </Button>,
              ]
            : []
        }
      />
      {creating && <CreateBatch onClose={() => setCreating(false)} onCreated={() => void reload()} />}
      {open && <BatchDrawer batch={open} onClose={() => setOpen(undefined)} canExport={access.canExportPayout} />}
    </PageContainer>
  );
}
