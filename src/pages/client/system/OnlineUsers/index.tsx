/**
 * 在线用户: every live session (account, address, browser, signed in, last seen); 强制下线 ends one,
 * 全部下线 every session of its account, both audited.
 */
import { PageContainer, type ActionType, type ProColumns } from '@ant-design/pro-components';
import ListTable from '@/components/ListTable';
import { useAccess, useModel } from '@umijs/max';
import { Popconfirm, Tag, Tooltip, Typography } from 'antd';
import { useRef } from 'react';
import useLogout from '@/components/Header/useLogout';
import { tryCall } from '@/services/tryCall';
import { act } from '@/kit/act';
import type { OnlineSession } from '#contract/api/session';
import { SYSTEM_TEXT } from '#contract/system';
import { feedback } from '@/kit/feedback';
import { usePagedList } from '@/services/usePagedList';
import { describeAgent } from '@/kit/userAgent';
import { dateTime } from '@/kit/ledgerDisplay';

/** Strings of 在线用户. */
const ONLINE_TEXT = {
  action: '强制下线',
  current: '当前会话',
  beyond: '无权操作',
  confirmTitle: (username: string) => `强制 ${username} 下线？`,
  confirmBody: '该会话立即失效，对方下一次操作时将回到登录页。此操作会记入操作日志。',
  confirmCurrent: '这是您当前使用的会话，确认后将退出登录。',
  done: (username: string) => `已强制 ${username} 下线`,
  allAction: '全部下线',
  allConfirmTitle: (username: string) => `让 ${username} 在所有设备上下线？`,
  allConfirmBody: '该账号的全部会话立即失效（包括插件），每台设备下一次操作时都将回到登录页。此操作会记入操作日志。',
  allConfirmOwn: '这是您自己的账号：您的全部会话都将结束，包括当前这一个。',
  allDone: (username: string, ended: number) => `已让 ${username} 的 ${ended} 个会话下线`,
  empty: '没有在线会话',
} as const;

export default function OnlineUsers() {
  const access = useAccess();
  const { initialState } = useModel('@@initialState');
  const logout = useLogout();
  const table = useRef<ActionType>();

  const forceLogout = async (session: OnlineSession) => {
    // Ending this tab's own session is a logout.
    if (session.current) return logout();
    await act('session/forceLogout', { id: session.id }, ONLINE_TEXT.done(session.username), () => table.current?.reload());
  };

  const forceLogoutAccount = async (session: OnlineSession) => {
    const ended = await tryCall('session/forceLogoutAccount', { accountId: session.accountId });
    if (!ended) return;
    // Among them this tab's own: what is left is a logout.
    if (ended.current) return logout();
    feedback.message.success(ONLINE_TEXT.allDone(session.username, ended.ended));
    void table.current?.reload();
  };

  const columns: ProColumns<OnlineSession>[] = [
    {
      title: '账号',
      dataIndex: 'username',
      width: 150,
      fieldProps: { placeholder: '包含即可' },
      render: (_, row) => (
        <>
          {row.username}
          {row.current ? (
            <Tag color="blue" style={{ marginLeft: 8 }}>
              {ONLINE_TEXT.current}
            </Tag>
          ) : null}
        </>
      ),
    },
    { title: 'IP', dataIndex: 'ip', width: 130, fieldProps: { placeholder: '开头即可' }, render: (_, row) => row.ip ?? '-' },
    {
      title: '浏览器',
      dataIndex: 'userAgent',
      search: false,
      ellipsis: true,
      render: (_, row) => <Typography.Text title={row.userAgent ?? undefined}>{describeAgent(row.userAgent)}</Typography.Text>,
    },
    { title: '登录时间', dataIndex: 'signedInAt', search: false, width: 165, render: (_, row) => dateTime(row.signedInAt) },
    { title: '最近活动', dataIndex: 'lastSeenAt', search: false, width: 165, render: (_, row) => dateTime(row.lastSeenAt) },
    // The browser column takes what the fixed columns leave; the expiry shows only on wide screens.
    {
      title: '到期时间',
      dataIndex: 'expiresAt',
      search: false,
      width: 165,
      responsive: ['xxl'],
      render: (_, row) => dateTime(row.expiresAt),
    },
    {
      title: '操作',
      valueType: 'option',
      width: 160,
      render: (_, row) => {
        if (!access.canForceLogout) return '-';
        if (!row.manageable) {
          return (
            <Tooltip title={SYSTEM_TEXT.accountBeyondOwn}>
              <Typography.Text type="secondary">{ONLINE_TEXT.beyond}</Typography.Text>
            </Tooltip>
          );
        }
        return [
          <Popconfirm
            key="logout"
            title={ONLINE_TEXT.confirmTitle(row.username)}
            description={row.current ? ONLINE_TEXT.confirmCurrent : ONLINE_TEXT.confirmBody}
            okText={ONLINE_TEXT.action}
            okButtonProps={{ danger: true }}
            onConfirm={() => forceLogout(row)}
          >
            <Typography.Link type="danger">{ONLINE_TEXT.action}</Typography.Link>
          </Popconfirm>,
          <Popconfirm
            key="logoutAll"
            title={ONLINE_TEXT.allConfirmTitle(row.username)}
            description={row.username === initialState?.username ? ONLINE_TEXT.allConfirmOwn : ONLINE_TEXT.allConfirmBody}
            okText={ONLINE_TEXT.allAction}
            okButtonProps={{ danger: true }}
            onConfirm={() => forceLogoutAccount(row)}
          >
            <Typography.Link type="danger">{ONLINE_TEXT.allAction}</Typography.Link>
          </Popconfirm>,
        ];
      },
    },
  ];

  const list = usePagedList('session/list', { actionRef: table, emptyText: ONLINE_TEXT.empty });
  return (
    <PageContainer>
      <ListTable<OnlineSession>
        rowKey="id"
        headerTitle="在线会话"
        actionRef={table}
        columns={columns}
        {...list}
        scroll={{ x: 760 }}
        search={{ labelWidth: 'auto' }}
        options={{ reload: true }}
      />
    </PageContainer>
  );
}
