/** 登录日志: every login and registration attempt (time, name as typed, address, browser, result), with filters. */
import { PageContainer, type ProColumns } from '@ant-design/pro-components';
import ListTable from '@/components/ListTable';
import { useAccess } from '@umijs/max';
import { useRef } from 'react';
import ExportButton from '@/components/ExportButton';
import { LOGIN_LOG_COLUMNS as C } from '#contract/text/exports';
import { Typography } from 'antd';
import type { LoginLogItem } from '#contract/api/loginLog';
import { LOGIN_KINDS, LOGIN_RESULTS } from '#contract/system';
import { atRangeBody } from '@/services/proTable';
import { usePagedList } from '@/services/usePagedList';
import { describeAgent } from '@/kit/userAgent';
import { dateTime } from '@/kit/ledgerDisplay';
import { valueEnumOf } from '@/kit/valueEnum';

type Filters = { result?: string; kind?: string; username?: string; ip?: string; at?: [string, string] };

const RESULT_ENUM = {
  success: { text: LOGIN_RESULTS.success, status: 'Success' },
  failure: { text: LOGIN_RESULTS.failure, status: 'Error' },
};
const KIND_ENUM = valueEnumOf(LOGIN_KINDS);

const columns: ProColumns<LoginLogItem>[] = [
  { title: C.at, dataIndex: 'at', search: false, width: 170, render: (_, row) => dateTime(row.at) },
  { title: '时间范围', dataIndex: 'at', valueType: 'dateTimeRange', hideInTable: true },
  {
    title: C.username,
    dataIndex: 'username',
    width: 160,
    ellipsis: true,
    fieldProps: { placeholder: '输入的用户名或邮箱' },
    render: (_, row) => row.username ?? '-',
  },
  { title: C.kind, dataIndex: 'kind', valueType: 'select', valueEnum: KIND_ENUM, width: 80 },
  { title: C.result, dataIndex: 'result', valueType: 'select', valueEnum: RESULT_ENUM, width: 90 },
  { title: C.ip, dataIndex: 'ip', width: 140, fieldProps: { placeholder: '开头即可' } },
  {
    title: C.userAgent,
    dataIndex: 'userAgent',
    search: false,
    ellipsis: true,
    render: (_, row) => <Typography.Text title={row.userAgent ?? undefined}>{describeAgent(row.userAgent)}</Typography.Text>,
  },
];

export default function LoginLog() {
  const access = useAccess();
  const filters = useRef<Record<string, unknown>>({});
  const list = usePagedList<'loginLog/list', Filters>('loginLog/list', {
    toBody: atRangeBody,
    emptyText: '没有符合条件的记录',
    filtersRef: filters,
  });
  return (
    <PageContainer>
      <ListTable<LoginLogItem, Filters>
        rowKey="id"
        headerTitle="登录与注册记录"
        columns={columns}
        {...list}
        scroll={{ x: 800 }}
        search={{ labelWidth: 'auto' }}
        options={{ reload: true }}
        toolBarRender={() => [
          <ExportButton key="export" path="loginLog/export" allowed={access.canExportLoginLog} filters={() => filters.current} />,
        ]}
      />
    </PageContainer>
  );
}
