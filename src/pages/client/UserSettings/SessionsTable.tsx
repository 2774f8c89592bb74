/** The account's live sessions; any of them can be signed out (the current one logs this tab out). */
import { type ActionType, type ProColumns } from '@ant-design/pro-components';
import ListTable from '@/components/ListTable';
import { Button, Popconfirm, Space, Tag, Typography } from 'antd';
import type { MutableRefObject } from 'react';
import useLogout from '@/components/Header/useLogout';
import { act } from '@/kit/act';
import type { ActiveSession } from '#contract/api/profile';
import { usePagedList } from '@/services/usePagedList';
import { describeAgent } from '@/kit/userAgent';
import { dateTime } from '@/kit/ledgerDisplay';
import { SETTINGS_TEXT } from '@/locales/zh-CN/profile';
import { NO_WRAP } from '@/kit/tableWidth';

export default function SessionsTable({ actionRef }: { actionRef: MutableRefObject<ActionType | undefined> }) {
  const logout = useLogout();
  const columns: ProColumns<ActiveSession>[] = [
    {
      title: '设备',
      dataIndex: 'userAgent',
      width: 260,
      render: (_, row) => (
        <Space style={NO_WRAP}>
          <Typography.Text title={row.userAgent ?? undefined}>{describeAgent(row.userAgent)}</Typography.Text>
          {row.current && <Tag color="green">{SETTINGS_TEXT.current}</Tag>}
          {row.pluginTokenIssuedAt && (
            <Tag color="blue" title={SETTINGS_TEXT.pluginTokenIssued(dateTime(row.pluginTokenIssuedAt))}>
              {SETTINGS_TEXT.pluginConnected}
            </Tag>
          )}
        </Space>
      ),
    },
    { title: 'IP', dataIndex: 'ip', width: 130, render: (_, row) => row.ip ?? '-' },
    { title: '登录时间', dataIndex: 'createdAt', width: 170, render: (_, row) => dateTime(row.createdAt) },
    { title: '最近活动', dataIndex: 'lastSeenAt', width: 170, render: (_, row) => dateTime(row.lastSeenAt) },
    { title: '到期时间', dataIndex: 'expiresAt', width: 170, render: (_, row) => dateTime(row.expiresAt) },
    {
      title: '操作',
      valueType: 'option',
      width: 90,
      render: (_, row) => [
        <Popconfirm
          key="revoke"
          title={row.current ? SETTINGS_TEXT.revokeCurrentConfirm : SETTINGS_TEXT.revokeConfirm}
          okText={SETTINGS_TEXT.revoke}
          okButtonProps={{ danger: true }}
          onConfirm={async () => {
            // Signing this tab's own session out is a logout.
            if (row.current) return logout();
            await act('profile/revokeSession', { id: row.id }, SETTINGS_TEXT.revoked, () => actionRef.current?.reload());
          }}
        >
          <Typography.Link type="danger">{SETTINGS_TEXT.revoke}</Typography.Link>
        </Popconfirm>,
      ],
    },
  ];
  const list = usePagedList('profile/sessions', { actionRef });
  return (
    <ListTable<ActiveSession>
      rowKey="id"
      actionRef={actionRef}
      columns={columns}
      search={false}
      {...list}
      options={{ reload: true }}
      toolBarRender={() => [
        <Popconfirm
          key="endOthers"
          title={SETTINGS_TEXT.endOthersConfirm}
          okText={SETTINGS_TEXT.endOthers}
          okButtonProps={{ danger: true }}
          onConfirm={() => act('profile/endOtherSessions', {}, SETTINGS_TEXT.othersEnded, () => actionRef.current?.reload())}
        >
          <Button danger>{SETTINGS_TEXT.endOthers}</Button>
        </Popconfirm>,
      ]}
      cardProps={{ bodyStyle: { padding: 0 } }}
      scroll={{ x: 'max-content' }}
    />
  );
}
