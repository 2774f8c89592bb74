/**
 * 安全事件 (ASVS 16.3): refusals and sign-in events worth a look (越权访问, 请求过频, 连续参数错误,
 * 账号锁定, 验证失败, 新设备登录, 不是我): time, kind, account, call, address, browser, detail; with
 * filters and 导出. The record is append-only in the database.
 */
import { PageContainer, type ProColumns } from '@ant-design/pro-components';
import { useAccess } from '@umijs/max';
import { Tag, Typography } from 'antd';
import { useRef } from 'react';
import type { SecurityEventItem } from '#contract/api/securityEvent';
import type { SecurityEventKind } from '#contract/securityEvents';
import { SECURITY_EVENT_COLUMNS as C } from '#contract/text/exports';
import { SECURITY_EVENT_KIND_LABELS } from '#contract/text/securityEvents';
import ExportButton from '@/components/ExportButton';
import ListTable from '@/components/ListTable';
import { dateTime } from '@/kit/ledgerDisplay';
import { describeAgent } from '@/kit/userAgent';
import { valueEnumOf } from '@/kit/valueEnum';
import { atRangeBody } from '@/services/proTable';
import { usePagedList } from '@/services/usePagedList';

type Filters = { kind?: string; username?: string; ip?: string; at?: [string, string] };

const KIND_ENUM = valueEnumOf(SECURITY_EVENT_KIND_LABELS);

/** The tag's colour: antd's status presets, so the theme (light or dark) draws them. */
const KIND_TONE: Record<SecurityEventKind, string> = {
  forbidden: 'error',
  rateLimited: 'warning',
  badInputBurst: 'warning',
  lockout: 'error',
  stepUpFailed: 'warning',
  secondFactorFailed: 'warning',
  newDevice: 'processing',
  notMe: 'error',
};

/** The detail in a few words; the export keeps its JSON. */
function detailText(row: Pick<SecurityEventItem, 'kind' | 'detail'>): string {
  const detail = (row.detail ?? {}) as Record<string, unknown>;
  const count = (key: string, fallback: number) => {
    const value = detail[key];
    return typeof value === 'number' ? value : fallback;
  };
  switch (row.kind) {
    case 'lockout':
      return `连续 ${count('failures', 5)} 次密码错误，锁定 10 分钟`;
    case 'rateLimited':
      return detail.limit === 'api' ? '超过接口的总频率（每个 IP 每窗口记一次）' : '超过该接口的频率限制';
    case 'badInputBurst': {
      const by = detail.by === 'account' ? '同一账号' : detail.by === 'network' ? '同一 IP' : '同一账号和 IP';
      return `${by} ${count('windowSeconds', 60)} 秒内 ${count('threshold', 20)} 次参数错误`;
    }
    case 'notMe':
      return `结束 ${count('sessionsEnded', 0)} 个会话，${detail.disabled ? '账号已停用待核查' : '账号未停用（最后一位超级管理员）'}`;
    case 'newDevice':
      return '已通知账号本人';
    default:
      return '';
  }
}

const columns: ProColumns<SecurityEventItem>[] = [
  { title: C.at, dataIndex: 'at', search: false, width: 170, render: (_, row) => dateTime(row.at) },
  { title: '时间范围', dataIndex: 'at', valueType: 'dateTimeRange', hideInTable: true },
  {
    title: C.kind,
    dataIndex: 'kind',
    valueType: 'select',
    valueEnum: KIND_ENUM,
    width: 120,
    render: (_, row) => <Tag color={KIND_TONE[row.kind]}>{SECURITY_EVENT_KIND_LABELS[row.kind]}</Tag>,
  },
  {
    title: C.username,
    dataIndex: 'username',
    width: 140,
    ellipsis: true,
    fieldProps: { placeholder: '账号或输入的用户名' },
    render: (_, row) => row.username ?? '-',
  },
  { title: C.path, dataIndex: 'path', search: false, width: 180, ellipsis: true, render: (_, row) => row.path ?? '-' },
  { title: C.ip, dataIndex: 'ip', width: 140, fieldProps: { placeholder: '开头即可' }, render: (_, row) => row.ip ?? '-' },
  {
    title: C.userAgent,
    dataIndex: 'userAgent',
    search: false,
    width: 160,
    ellipsis: true,
    render: (_, row) => <Typography.Text title={row.userAgent ?? undefined}>{describeAgent(row.userAgent)}</Typography.Text>,
  },
  { title: C.detail, dataIndex: 'detail', search: false, ellipsis: true, render: (_, row) => detailText(row) || '-' },
];

export default function SecurityEvents() {
  const access = useAccess();
  const filters = useRef<Record<string, unknown>>({});
  const list = usePagedList<'securityEvent/list', Filters>('securityEvent/list', {
    toBody: atRangeBody,
    emptyText: '没有符合条件的安全事件',
    filtersRef: filters,
  });
  return (
    <PageContainer>
      <ListTable<SecurityEventItem, Filters>
        rowKey="id"
        headerTitle="安全事件记录"
        columns={columns}
        {...list}
        scroll={{ x: 1000 }}
        search={{ labelWidth: 'auto' }}
        options={{ reload: true }}
        toolBarRender={() => [
          <ExportButton
            key="export"
            path="securityEvent/export"
            allowed={access.canExportSecurityEvents}
            filters={() => filters.current}
          />,
        ]}
      />
    </PageContainer>
  );
}
