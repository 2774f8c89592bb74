/**
 * `/client/system/parameters` 系统参数: the business parameters (contract/parameters.ts) with their
 * value, default, range and explanation; 修改 (its own action) sets one within its range.
 */
import { ModalForm, PageContainer, ProFormDigit, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useAccess } from '@umijs/max';
import { Typography } from 'antd';
import { useRef, useState } from 'react';
import ListTable from '@/components/ListTable';
import { act } from '@/kit/act';
import { destroyOnHidden } from '@/kit/dialogForm';
import { dateTime } from '@/kit/ledgerDisplay';
import { NO_WRAP, tableWidth } from '@/kit/tableWidth';
import { useFieldErrors } from '@/services/fieldErrors';
import { tryCall } from '@/services/tryCall';
import type { ParameterItem } from '#contract/api/parameter';
import { formatYuan } from '#contract/money';
import { parameterProblem, type ParameterDefinition } from '#contract/parameters';

export const PARAMETER_TEXT = {
  title: '系统参数',
  hint: '参数修改后所有服务实例立即生效，并记入操作日志。',
  edit: '修改',
  editTitle: (label: string) => `修改「${label}」`,
  saved: '参数已保存',
  isDefault: '默认值',
} as const;

const UNIT_SUFFIX: Record<ParameterDefinition['unit'], string> = { days: '天', cents: '元', count: '个' };

/** A value as the screen shows it: days and counts with their unit, money in yuan. */
export function parameterValueText(unit: ParameterDefinition['unit'], value: number): string {
  return unit === 'cents' ? `¥${formatYuan(value)}` : `${value} ${UNIT_SUFFIX[unit]}`;
}

function EditParameter({ item, onClose, onSaved }: { item: ParameterItem; onClose: () => void; onSaved: () => void }) {
  const fieldErrors = useFieldErrors();
  // Money is edited in yuan, stored in cents.
  const scale = item.unit === 'cents' ? 100 : 1;
  return (
    <ModalForm<{ value: number }>
      title={PARAMETER_TEXT.editTitle(item.label)}
      open
      width={480}
      modalProps={destroyOnHidden()}
      onOpenChange={(open) => !open && onClose()}
      initialValues={{ value: item.value / scale }}
      form={fieldErrors.form}
      onFinish={fieldErrors.wrap(async ({ value }) => {
        const saved = await act('parameter/update', { key: item.key, value: Math.round(value * scale) }, PARAMETER_TEXT.saved, onSaved);
        return Boolean(saved);
      })}
    >
      <Typography.Paragraph type="secondary">{item.help}</Typography.Paragraph>
      <ProFormDigit
        name="value"
        label={item.label}
        // No max on the input: it would silently clamp a value above the range instead of saying why.
        min={item.min / scale}
        fieldProps={{ precision: item.unit === 'cents' ? 2 : 0, addonAfter: UNIT_SUFFIX[item.unit], style: { width: 200 } }}
        extra={`范围 ${parameterValueText(item.unit, item.min)} – ${parameterValueText(item.unit, item.max)}，默认 ${parameterValueText(item.unit, item.defaultValue)}`}
        rules={[
          { required: true, message: `请输入${item.label}` },
          {
            validator: async (_rule: unknown, value: number | null) => {
              const problem = value === null || value === undefined ? null : parameterProblem(item.key, Math.round(value * scale));
              if (problem) throw new Error(problem);
            },
          },
        ]}
      />
    </ModalForm>
  );
}

export default function ParametersPage() {
  const access = useAccess();
  const table = useRef<ActionType>();
  const [editing, setEditing] = useState<ParameterItem>();
  const columns: ProColumns<ParameterItem>[] = [
    { title: '参数', dataIndex: 'label', width: 140, render: (_, row) => <Typography.Text strong>{row.label}</Typography.Text> },
    {
      title: '当前值',
      dataIndex: 'value',
      width: 110,
      render: (_, row) => (
        <span style={NO_WRAP}>
          {parameterValueText(row.unit, row.value)}
          {row.value === row.defaultValue && (
            <Typography.Text type="secondary" style={{ marginInlineStart: 6, fontSize: 12 }}>
              {PARAMETER_TEXT.isDefault}
            </Typography.Text>
          )}
        </span>
      ),
    },
    {
      title: '范围',
      dataIndex: 'min',
      width: 120,
      render: (_, row) => (
        <span style={NO_WRAP}>{`${parameterValueText(row.unit, row.min)} – ${parameterValueText(row.unit, row.max)}`}</span>
      ),
    },
    { title: '说明', dataIndex: 'help', width: 360 },
    {
      title: '最后修改',
      dataIndex: 'updatedAt',
      width: 190,
      render: (_, row) => (row.updatedAt ? <span style={NO_WRAP}>{`${row.updatedBy ?? '-'} · ${dateTime(row.updatedAt)}`}</span> : '-'),
    },
    {
      title: '操作',
      valueType: 'option',
      width: 80,
      render: (_, row) =>
        access.canSetParameters
          ? [
              <a key="edit" onClick={() => setEditing(row)}>
                {PARAMETER_TEXT.edit}
              </a>,
            ]
          : [],
    },
  ];
  return (
    <PageContainer title={PARAMETER_TEXT.title} content={PARAMETER_TEXT.hint}>
      <ListTable<ParameterItem>
        rowKey="key"
        actionRef={table}
        columns={columns}
        scroll={{ x: tableWidth(columns) }}
        search={false}
        pagination={false}
        options={{ reload: true }}
        request={async () => {
          const list = await tryCall('parameter/list', {});
          return { data: list ?? [], success: list !== undefined };
        }}
      />
      {editing && <EditParameter item={editing} onClose={() => setEditing(undefined)} onSaved={() => void table.current?.reload()} />}
    </PageContainer>
  );
}
