/** The audit log (super administrators): who changed what, when, from where, with before / after. */
import { type ProColumns } from '@ant-design/pro-components';
import ListTable from '@/components/ListTable';
import { useAccess } from '@umijs/max';
import { useRef } from 'react';
import ExportButton from '@/components/ExportButton';
import { AUDIT_COLUMNS } from '#contract/text/exports';
import { Col, Row, theme, Tooltip, Typography } from 'antd';
import dayjs from '@/kit/dayjs';
import { atRangeBody } from '@/services/proTable';
import { usePagedList } from '@/services/usePagedList';
import type { AuditItem } from '#contract/api/auditLog';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, type AuditTargetType } from '#contract/system';
import { valueEnumOf } from '@/kit/valueEnum';

function Json({ title, value }: { title: string; value: unknown }) {
  const { token } = theme.useToken();
  return (
    <>
      <Typography.Text strong>{title}</Typography.Text>
      <pre
        style={{
          background: token.colorFillQuaternary,
          color: token.colorText,
          padding: 12,
          borderRadius: 6,
          maxHeight: 320,
          overflow: 'auto',
          margin: '4px 0 0',
          fontSize: 12,
        }}
      >
        {value === null || value === undefined ? '（无）' : JSON.stringify(value, null, 2)}
      </pre>
    </>
  );
}

type Filters = {
  actor?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  at?: [string, string];
};

const columns: ProColumns<AuditItem>[] = [
  {
    title: AUDIT_COLUMNS.at,
    dataIndex: 'at',
    valueType: 'dateTime',
    search: false,
    width: 170,
    render: (_, item) => dayjs(item.at).format('YYYY-MM-DD HH:mm:ss'),
  },
  { title: '时间范围', dataIndex: 'at', valueType: 'dateTimeRange', hideInTable: true },
  {
    title: AUDIT_COLUMNS.actor,
    dataIndex: 'actor',
    render: (_, item) => item.actorName ?? (item.actorId === null ? '系统' : `#${item.actorId}`),
  },
  { title: AUDIT_COLUMNS.action, dataIndex: 'action', valueType: 'select', valueEnum: valueEnumOf(AUDIT_ACTIONS) },
  {
    title: AUDIT_COLUMNS.targetType,
    dataIndex: 'targetType',
    valueType: 'select',
    valueEnum: valueEnumOf(AUDIT_TARGET_TYPES),
    hideInTable: true,
  },
  { title: '对象 ID', dataIndex: 'targetId', hideInTable: true },
  { title: AUDIT_COLUMNS.target, dataIndex: 'target', search: false, render: (_, item) => <AuditTarget item={item} /> },
  { title: AUDIT_COLUMNS.ip, dataIndex: 'ip', search: false, width: 130 },
];

/** 对象: "账号 demo_member", the id on hover; a target with no name shows its id. */
function AuditTarget({ item }: { item: AuditItem }) {
  const type = AUDIT_TARGET_TYPES[item.targetType as AuditTargetType] ?? item.targetType;
  const name = item.targetName ?? (item.targetId === null ? '' : `#${item.targetId}`);
  return (
    <Tooltip title={item.targetId === null ? undefined : `ID ${item.targetId}`}>
      <span>{`${type} ${name}`.trim()}</span>
    </Tooltip>
  );
}

export default function AuditLog() {
  const access = useAccess();
  const filters = useRef<Record<string, unknown>>({});
  const list = usePagedList<'auditLog/list', Filters>('auditLog/list', { toBody: atRangeBody, filtersRef: filters });
  return (
    <ListTable<AuditItem, Filters>
      listId="audit"
      rowKey="id"
      headerTitle="操作日志"
      columns={columns}
      {...list}
      expandable={{
        expandedRowRender: (item) => (
          <Row gutter={16}>
            <Col span={12}>
              <Json title="变更前" value={item.before} />
            </Col>
            <Col span={12}>
              <Json title="变更后" value={item.after} />
            </Col>
          </Row>
        ),
      }}
      toolBarRender={() => [
        <ExportButton key="export" path="auditLog/export" allowed={access.canExportAuditLog} filters={() => filters.current} />,
      ]}
    />
  );
}
