/**
 * 月度对账单: a month of the salesperson's ledger (`ledger/statement`): the balance at its start,
 * commissions, reversals, withdrawals and adjustments in it, and the balance at its end; downloaded
 * as CSV or Excel (`ledger/statementExport`).
 */
import { DatePicker, Descriptions, Modal, Skeleton, Space, Typography } from 'antd';
import { useRequest } from 'ahooks';
import { useState } from 'react';
import ExportButton from '@/components/ExportButton';
import dayjs from '@/kit/dayjs';
import { tryCall } from '@/services/tryCall';
import { formatYuan } from '#contract/money';
import { STATEMENT_LINES, type StatementLine } from '#contract/text/payouts';
import { STATEMENT_TEXT } from './statementText';

const LINES = Object.keys(STATEMENT_LINES) as StatementLine[];

/** `-¥46.00`, not `¥-46.00`. */
const signedYuan = (cents: number) => `${cents < 0 ? '-' : ''}¥${formatYuan(Math.abs(cents))}`;

export default function StatementModal({ onClose, canExport }: { onClose: () => void; canExport: boolean }) {
  const [month, setMonth] = useState(() => dayjs().format('YYYY-MM'));
  const statement = useRequest(() => tryCall('ledger/statement', { month }), { refreshDeps: [month] });
  const figures = statement.data;
  return (
    <Modal title={STATEMENT_TEXT.title} open onCancel={onClose} footer={null} destroyOnHidden width={520}>
      <Space style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }} wrap>
        <Space>
          <Typography.Text>{STATEMENT_TEXT.month}</Typography.Text>
          <DatePicker
            picker="month"
            allowClear={false}
            value={dayjs(`${month}-01`)}
            disabledDate={(day) => day.isAfter(dayjs(), 'month')}
            onChange={(value) => value && setMonth(value.format('YYYY-MM'))}
          />
        </Space>
        <ExportButton path="ledger/statementExport" allowed={canExport} filters={() => ({ month })} />
      </Space>
      {statement.loading || !figures ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : (
        <>
          <Descriptions
            column={1}
            bordered
            size="small"
            data-testid="statement"
            items={LINES.map((line) => ({
              key: line,
              label: STATEMENT_LINES[line],
              children: (
                <Typography.Text strong={line === 'openingCents' || line === 'closingCents'}>{signedYuan(figures[line])}</Typography.Text>
              ),
            }))}
          />
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
            {STATEMENT_TEXT.entries(figures.entries)}
          </Typography.Paragraph>
        </>
      )}
    </Modal>
  );
}
