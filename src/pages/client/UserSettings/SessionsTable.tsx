/** The account's live sessions; any of them can be signed out (the current one logs this tab out). */
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { Popconfirm, Space, Tag, Typography } from 'antd';
import type { MutableRefObject } from 'react';
import useLogout from '@/components/Header/useLogout';
import { revokeSession } from '@/services/profile';
import type { ActiveSession } from '@/shared/profile';
import { feedback } from '@/utils/feedback';
import { pagedRequest } from '@/utils/proTable';
import { tablePagination } from '@/utils/requestDefaults';
import { dateTime } from '../SaleBalanceRecord/display';
import { SETTINGS_TEXT } from './text';

const BROWSERS: [string, RegExp][] = [
  ['Edge', /Edg\/(\d+)/],
  ['Chrome', /Chrome\/(\d+)/],
  ['Firefox', /Firefox\/(\d+)/],
  ['Safari', /Version\/(\d+).*Safari/],
];
const SYSTEMS: [string, RegExp][] = [
  ['Windows', /Windows/],
  ['Android', /Android/],
  ['iOS', /iPhone|iPad/],
  ['macOS', /Mac OS X/],
  ['Linux', /Linux/],
];

/** 'Chrome 120 · Windows' from a user agent, or the raw text when it is not recognised. */
export function describeAgent(userAgent: string | null): string {
  if (!userAgent) return '未知设备';
  const browser = BROWSERS.map(([name, pattern]) => {
    const version = pattern.exec(userAgent)?.[1];
    return version ? `${name} ${version}` : null;
  }).find(Boolean);
  const system = SYSTEMS.find(([, pattern]) => pattern.test(userAgent))?.[0];
  return browser || system ? [browser, system].filter(Boolean).join(' · ') : userAgent;
}

export default function SessionsTable({ actionRef }: { actionRef: MutableRefObject<ActionType | undefined> }) {
  const logout = useLogout();
  const columns: ProColumns<ActiveSession>[] = [
    {
      title: '设备',
      dataIndex: 'userAgent',
      width: 260,
      render: (_, row) => (
        <Space>
          <Typography.Text title={row.userAgent ?? undefined}>{describeAgent(row.userAgent)}</Typography.Text>
          {row.current && <Tag color="green">{SETTINGS_TEXT.current}</Tag>}
        </Space>
      ),
    },
    { title: 'IP', dataIndex: 'ip', render: (_, row) => row.ip ?? '-' },
    { title: '登录时间', dataIndex: 'createdAt', render: (_, row) => dateTime(row.createdAt) },
    { title: '最近活动', dataIndex: 'lastSeenAt', render: (_, row) => dateTime(row.lastSeenAt) },
    { title: '到期时间', dataIndex: 'expiresAt', render: (_, row) => dateTime(row.expiresAt) },
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
            const answer = await revokeSession(row.id);
            if (answer.isSuccess) {
              feedback.message.success(SETTINGS_TEXT.revoked);
              actionRef.current?.reload();
            }
          }}
        >
          <a style={{ color: '#ff4d4f' }}>{SETTINGS_TEXT.revoke}</a>
        </Popconfirm>,
      ],
    },
  ];
  return (
    <ProTable<ActiveSession>
      rowKey="id"
      actionRef={actionRef}
      columns={columns}
      search={false}
      request={pagedRequest<ActiveSession>('profile/sessions')}
      pagination={tablePagination}
      options={{ reload: true, density: false, setting: false }}
      cardProps={{ bodyStyle: { padding: 0 } }}
    />
  );
}
