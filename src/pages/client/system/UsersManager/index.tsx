/** 用户管理: accounts (search, filters, create, enable / disable, reset password, roles, salesperson) and the audit log tab. */
import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { PageContainer, ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useAccess, useModel } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Button, message, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import { useRef, useState } from 'react';
import { callApi } from '@/services/request';
import { change, createAccount, levelOptions, resetPassword, roleOptions, salesOf } from '@/services/system';
import type { AccountListItem, AccountListQuery } from '#contract/api/account';
import type { AccountSaleSummary } from '#contract/api/sale';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE } from '#contract/constants';
import { formatRate } from '#contract/money';
import { percentToBasisPoints, SYSTEM_TEXT } from '#contract/system';
import dayjs from '@/utils/dayjs';
import { downloadText } from '@/utils/download';
import { compactFilters, type TableAnswer } from '@/utils/proTable';
import { tablePagination } from '@/utils/requestDefaults';
import { CreateAccountForm, RolesForm, SaleForm, showPasswordOnce } from './AccountForms';
import AuditLog from './AuditLog';
import { accountsTotalText } from '@/locales/zh-CN/system';

/** A row the caller may not act on: its own account, or one holding grants beyond the caller's. */
const USERS_TEXT = {
  selfShort: '当前账号',
  self: '不能修改自己的角色或状态；修改密码请到个人设置',
  beyondShort: '无权操作',
  export: '导出',
  exportFile: '账号列表',
  exported: (rows: number, truncated: boolean) => (truncated ? `已导出最新的 ${rows} 个账号（超出部分未导出，请缩小筛选范围）` : `已导出 ${rows} 个账号`),
} as const;

const STATUS_ENUM = { enabled: { text: '启用', status: 'Success' }, disabled: { text: '停用', status: 'Default' } };
const NO_MEMBERSHIP = 0;

/** A row of the users screen: the `account/list` item with its salesperson row. */
type AccountAdminItem = AccountListItem & { sale: AccountSaleSummary | null };

type Dialog = { kind: 'create' } | { kind: 'roles'; account: AccountAdminItem } | { kind: 'sale'; account: AccountAdminItem };

type AccountsAnswer = TableAnswer<AccountAdminItem> & { totalCapped?: boolean };

/** `account/list` (the legacy shape) with each row's salesperson summary. */
async function requestAccounts(params: Record<string, unknown> & { current?: number; pageSize?: number }): Promise<AccountsAnswer> {
  const { current = FIRST_PAGE, pageSize = DEFAULT_PAGE_SIZE, ...filters } = params;
  const body = { ...compactFilters(filters), current, pageSize } as AccountListQuery;
  const answer = await callApi('account/list', body);
  if (!answer.isSuccess) return { data: [], total: 0, success: false };
  const { list, total, totalCapped } = answer.content;
  const sales = list.length ? await salesOf(list.map((item) => item.id)).catch(() => []) : [];
  const byAccount = new Map(sales.map((sale) => [sale.accountId, sale]));
  return { data: list.map((item) => ({ ...item, sale: byAccount.get(item.id) ?? null })), total, totalCapped, success: true };
}

export default function UsersManager() {
  const access = useAccess();
  const table = useRef<ActionType>();
  const [tab, setTab] = useState('accounts');
  const [dialog, setDialog] = useState<Dialog>();
  const [totalCapped, setTotalCapped] = useState(false);
  const { data: roles = [] } = useRequest(roleOptions);
  const { data: levels = [] } = useRequest(levelOptions);
  const grantableRoles = roles.filter((role) => role.grantable);
  const currentUsername = useModel('@@initialState').initialState?.username;
  const reload = () => table.current?.reload();
  const close = () => setDialog(undefined);
  const lastFilters = useRef<Record<string, unknown>>({});
  const [exporting, setExporting] = useState(false);
  /** The accounts the current filters match, as a CSV download. */
  const exportAccounts = async () => {
    setExporting(true);
    try {
      const answer = await callApi('account/export', lastFilters.current as AccountListQuery);
      if (!answer.isSuccess) return;
      downloadText(answer.content.csv, `${USERS_TEXT.exportFile}-${dayjs().format('YYYYMMDD-HHmmss')}.csv`, 'text/csv;charset=utf-8');
      message.success(USERS_TEXT.exported(answer.content.rows, answer.content.truncated));
    } finally {
      setExporting(false);
    }
  };

  const columns: ProColumns<AccountAdminItem>[] = [
    { title: '用户名', dataIndex: 'username', width: 150, ellipsis: true, fieldProps: { placeholder: '包含即可' } },
    { title: '邮箱', dataIndex: 'email', width: 200, ellipsis: true, fieldProps: { placeholder: '包含即可' } },
    { title: '状态', dataIndex: 'status', valueType: 'select', valueEnum: STATUS_ENUM, width: 90 },
    {
      title: '角色',
      dataIndex: 'roleId',
      valueType: 'select',
      fieldProps: { options: roles.map((role) => ({ value: role.id, label: role.name })) },
      render: (_, account) => (account.roles.length ? account.roles.map((role) => <Tag key={role.id}>{role.name}</Tag>) : '-'),
    },
    {
      title: '会员',
      dataIndex: 'levelId',
      valueType: 'select',
      fieldProps: { options: [{ value: NO_MEMBERSHIP, label: '无会员' }, ...levels.map((level) => ({ value: level.id, label: level.name }))] },
      render: (_, account) =>
        account.membership ? (
          <Space direction="vertical" size={0}>
            <span>{account.membership.name}</span>
            {account.membership.expiresAt ? (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {dayjs(account.membership.expiresAt).format('YYYY-MM-DD')} 到期
              </Typography.Text>
            ) : null}
          </Space>
        ) : (
          '-'
        ),
    },
    {
      title: '销售',
      dataIndex: 'sale',
      search: false,
      render: (_, account) =>
        account.sale && !account.sale.removed ? (
          <Tag color={account.sale.enabled ? 'purple' : 'default'}>
            {account.sale.enabled ? '销售' : '销售（停用）'} {formatRate(account.sale.commissionRate)}
          </Tag>
        ) : (
          '-'
        ),
    },
    { title: '注册时间', dataIndex: 'createdAt', search: false, width: 160, render: (_, account) => dayjs(account.createdAt).format('YYYY-MM-DD HH:mm') },
    {
      title: '操作',
      valueType: 'option',
      width: 250,
      render: (_, account) => {
        if (!account.manageable) {
          const self = account.username === currentUsername;
          return (
            <Tooltip title={self ? USERS_TEXT.self : SYSTEM_TEXT.accountBeyondOwn}>
              <Typography.Text type="secondary">{self ? USERS_TEXT.selfShort : USERS_TEXT.beyondShort}</Typography.Text>
            </Tooltip>
          );
        }
        const enabled = account.status === 'enabled';
        const isSale = Boolean(account.sale && !account.sale.removed);
        const links = [
          access.canSetRoles && (
            <a key="roles" onClick={() => setDialog({ kind: 'roles', account })}>
              设置角色
            </a>
          ),
          access.canSetSale && (
            <a key="sale" onClick={() => setDialog({ kind: 'sale', account })}>
              {isSale ? '销售设置' : '设为销售'}
            </a>
          ),
          access.canResetPassword && (
            <Popconfirm
              key="password"
              title={`重置 ${account.username} 的密码？`}
              description="将生成新密码，并使该账号的所有登录失效"
              onConfirm={async () => {
                const reset = await resetPassword(account.id);
                if (reset) showPasswordOnce('密码已重置', account.username, reset.password);
              }}
            >
              <a>重置密码</a>
            </Popconfirm>
          ),
          access.canSetAccountStatus && (
            <Popconfirm
              key="status"
              title={enabled ? `停用 ${account.username}？` : `启用 ${account.username}？`}
              description={enabled ? '停用后该账号将在所有设备上退出登录，且无法再登录' : undefined}
              okButtonProps={{ danger: enabled }}
              onConfirm={async () => {
                if (await change('account/setStatus', { id: account.id, status: enabled ? 'disabled' : 'enabled' }, enabled ? '已停用' : '已启用')) reload();
              }}
            >
              <Typography.Link type={enabled ? 'danger' : undefined}>{enabled ? '停用' : '启用'}</Typography.Link>
            </Popconfirm>
          ),
        ].filter(Boolean);
        return links.length ? links : '-';
      },
    },
  ];

  return (
    <PageContainer
      tabList={
        access.canSeeAdmin
          ? [
              { key: 'accounts', tab: '账号' },
              { key: 'audit', tab: '操作日志' },
            ]
          : undefined
      }
      tabActiveKey={tab}
      onTabChange={setTab}
    >
      {tab === 'audit' && access.canSeeAdmin ? (
        <AuditLog />
      ) : (
        <ProTable<AccountAdminItem>
          rowKey="id"
          headerTitle="账号列表"
          actionRef={table}
          columns={columns}
          request={async (params) => {
            const { current: _current, pageSize: _pageSize, ...filters } = params;
            lastFilters.current = compactFilters(filters);
            const answer = await requestAccounts(params);
            setTotalCapped(Boolean(answer.totalCapped));
            return answer;
          }}
          pagination={{ ...tablePagination, showTotal: (total, range) => accountsTotalText(total, range, totalCapped) }}
          options={{ density: false, setting: false }}
          scroll={{ x: 1280 }}
          toolBarRender={() => [
            access.canExportAccounts && (
              <Button key="export" icon={<DownloadOutlined />} loading={exporting} onClick={exportAccounts}>
                {USERS_TEXT.export}
              </Button>
            ),
            access.canCreateAccount && (
              <Button key="create" type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'create' })}>
                新建账号
              </Button>
            ),
          ]}
        />
      )}
      {dialog?.kind === 'create' ? (
        <CreateAccountForm
          roles={grantableRoles}
          onClose={close}
          onSubmit={async (body) => {
            const created = await createAccount(body);
            if (!created) return false;
            reload();
            if (created.password) showPasswordOnce('账号已创建', created.username, created.password);
            else message.success('账号已创建');
            return true;
          }}
        />
      ) : null}
      {dialog?.kind === 'roles' ? (
        <RolesForm
          username={dialog.account.username}
          roles={grantableRoles}
          roleIds={dialog.account.roles.map((role) => role.id)}
          onClose={close}
          onSubmit={async (roleIds) => {
            const done = await change('account/setRoles', { id: dialog.account.id, roleIds }, '角色已更新');
            if (done) reload();
            return Boolean(done);
          }}
        />
      ) : null}
      {dialog?.kind === 'sale' ? (
        <SaleForm
          username={dialog.account.username}
          rate={dialog.account.sale && !dialog.account.sale.removed ? dialog.account.sale.commissionRate : undefined}
          enabled={dialog.account.sale?.removed ? true : (dialog.account.sale?.enabled ?? true)}
          onClose={close}
          onSubmit={async (percent, enabled) => {
            const done = await change(
              'sale/setSale',
              { accountId: dialog.account.id, enabled, commissionRate: percentToBasisPoints(percent) },
              enabled ? '已设为销售' : '已停用销售',
            );
            if (done) reload();
            return Boolean(done);
          }}
        />
      ) : null}
    </PageContainer>
  );
}
