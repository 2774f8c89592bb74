/**
 * 用户管理: accounts (search, filters, create, enable / disable, reset password, reset second factors,
 * roles, salesperson) and the audit log tab.
 */
import { PlusOutlined } from '@ant-design/icons';
import { PageContainer, type ActionType, type ProColumns, type ProDescriptionsItemProps } from '@ant-design/pro-components';
import ListTable from '@/components/ListTable';
import { useAccess, useModel } from '@umijs/max';
import useQueryParam from '@/kit/useQueryParam';
import { useRequest } from 'ahooks';
import { Button, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import { useRef, useState } from 'react';
import { callApi } from '@/services/request';
import { tryCall } from '@/services/tryCall';
import ExportButton from '@/components/ExportButton';
import { ACCOUNT_COLUMNS as A } from '#contract/text/exports';
import { act } from '@/kit/act';
import type { AccountListItem, AccountListQuery } from '#contract/api/account';
import type { AccountSaleSummary } from '#contract/api/sale';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE } from '#contract/constants';
import { formatRate } from '#contract/money';
import { percentToBasisPoints, SYSTEM_TEXT } from '#contract/system';
import dayjs from '@/kit/dayjs';
import { compactFilters, type TableAnswer } from '@/services/proTable';
import { businessDayBounds, businessDayFilterTooltip } from '@/kit/businessDays';
import { CreateAccountForm, RolesForm, SaleForm, showPasswordOnce } from './AccountForms';
import AuditLog from './AuditLog';
import DetailDrawer from '@/components/DetailDrawer';
import { TABLE_TEXT } from '@/locales/zh-CN/common';
import MoreActions from '@/components/MoreActions';
import { TABLE_SCROLL } from '@/kit/tableLayout';
import AccountCell from '@/components/AccountCell';
import { accountsTotalText, SYSTEM_LIST_TEXT } from '#contract/text/system';
import { message, modal } from '@/kit/feedback';
import { ACCOUNT_STATUS_TEXT } from '#contract/text/system';

/** A row the caller may not act on: its own account, or one holding grants beyond the caller's. */
const USERS_TEXT = {
  selfShort: '当前账号',
  self: '不能修改自己的角色或状态；修改密码请到个人设置',
  beyondShort: '无权操作',
  membershipFilter: '会员状态',
  createdFilter: '注册日期',
} as const;

const MEMBERSHIP_FILTER = { active: { text: '有效会员' } };

const STATUS_ENUM = {
  enabled: { text: ACCOUNT_STATUS_TEXT.enabled, status: 'Success' },
  disabled: { text: ACCOUNT_STATUS_TEXT.disabled, status: 'Default' },
};
const NO_MEMBERSHIP = 0;

/** A row of the users screen: the `account/list` item with its salesperson row. */
type AccountAdminItem = AccountListItem & { sale: AccountSaleSummary | null };

const renderAccount = (account: AccountAdminItem) => <AccountCell username={account.username} email={account.email} />;

const renderRoles = (account: AccountAdminItem) =>
  account.roles.length ? account.roles.map((role) => <Tag key={role.id}>{role.name}</Tag>) : '-';

const renderMembership = (account: AccountAdminItem) =>
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
  );

const renderSale = (account: AccountAdminItem) =>
  account.sale && !account.sale.removed ? (
    <Tag color={account.sale.enabled ? 'purple' : 'default'}>
      {account.sale.enabled ? '销售' : '销售（停用）'} {formatRate(account.sale.commissionRate)}
    </Tag>
  ) : (
    '-'
  );

const renderCreatedAt = (account: AccountAdminItem) => dayjs(account.createdAt).format('YYYY-MM-DD HH:mm');

/** 详情: every field of an account, the ones the list leaves out included. */
const DETAIL_COLUMNS: ProDescriptionsItemProps<AccountAdminItem>[] = [
  { title: A.username, dataIndex: 'username', copyable: true },
  { title: A.email, dataIndex: 'email', copyable: true },
  { title: A.status, dataIndex: 'status', valueEnum: STATUS_ENUM },
  { title: A.roles, dataIndex: 'roles', render: (_, account) => renderRoles(account) },
  { title: A.membership, dataIndex: 'membership', render: (_, account) => renderMembership(account) },
  { title: '销售', dataIndex: 'sale', render: (_, account) => renderSale(account) },
  { title: A.createdAt, dataIndex: 'createdAt', render: (_, account) => renderCreatedAt(account) },
];

type Dialog = { kind: 'create' } | { kind: 'roles'; account: AccountAdminItem } | { kind: 'sale'; account: AccountAdminItem };

type AccountsAnswer = TableAnswer<AccountAdminItem> & { totalCapped?: boolean };

/** The search form's values as the call's filters: the registration days (business days) as ISO bounds. */
export function accountFilters({ created, ...filters }: Record<string, unknown>): Record<string, unknown> {
  const range = businessDayBounds(created);
  return { ...compactFilters(filters), ...(range && { createdFrom: range.from, createdTo: range.to }) };
}

/** `account/list` (the legacy shape) with each row's salesperson summary. */
async function requestAccounts(params: Record<string, unknown> & { current?: number; pageSize?: number }): Promise<AccountsAnswer> {
  const { current = FIRST_PAGE, pageSize = DEFAULT_PAGE_SIZE, ...filters } = params;
  const body = { ...accountFilters(filters), current, pageSize } as AccountListQuery;
  const page = await tryCall('account/list', body);
  if (!page) return { data: [], total: 0, success: false };
  const { list, total, totalCapped } = page;
  const sales = list.length ? await callApi('sale/ofAccounts', { accountIds: list.map((item) => item.id) }).catch(() => []) : [];
  const byAccount = new Map(sales.map((sale) => [sale.accountId, sale]));
  return { data: list.map((item) => ({ ...item, sale: byAccount.get(item.id) ?? null })), total, totalCapped, success: true };
}

export default function UsersManager() {
  const access = useAccess();
  const table = useRef<ActionType>();
  // The tab is in the URL too (?tab=audit), like the lists' filters.
  const [tabParam, setTabParam] = useQueryParam('tab');
  const tab = tabParam === 'audit' ? 'audit' : 'accounts';
  const [dialog, setDialog] = useState<Dialog>();
  const [detail, setDetail] = useState<AccountAdminItem>();
  const [totalCapped, setTotalCapped] = useState(false);
  const { data: roles = [] } = useRequest(() => callApi('role/options', {}));
  const { data: levels = [] } = useRequest(() => callApi('membershipLevel/options', {}));
  const grantableRoles = roles.filter((role) => role.grantable);
  const currentUsername = useModel('@@initialState').initialState?.username;
  const reload = () => table.current?.reload();
  const close = () => setDialog(undefined);
  const lastFilters = useRef<Record<string, unknown>>({});
  const confirmResetPassword = (account: AccountAdminItem) =>
    modal.confirm({
      title: `重置 ${account.username} 的密码？`,
      content: '将生成新密码，并使该账号的所有登录失效',
      onOk: async () => {
        const reset = await tryCall('account/resetPassword', { id: account.id });
        if (reset) showPasswordOnce('密码已重置', account.username, reset.password);
      },
    });

  const confirmResetFactors = (account: AccountAdminItem) =>
    modal.confirm({
      title: `重置 ${account.username} 的两步验证？`,
      content:
        '将删除该账号的身份验证器、通行密钥和恢复码，并让它在所有设备上退出登录。之后它需要重新设置两步验证；角色要求两步验证的，下次登录时即须设置。',
      okText: '重置',
      okButtonProps: { danger: true },
      onOk: async () => {
        const reset = await tryCall('account/resetFactors', { id: account.id });
        if (reset) {
          message.success(
            reset.sessionsRevoked > 0
              ? `已重置 ${account.username} 的两步验证，结束了 ${reset.sessionsRevoked} 个登录`
              : `已重置 ${account.username} 的两步验证`,
          );
        }
      },
    });

  /** The list's search fields and cells; the 详情 drawer shows every field with the same renderers. */
  const columns: ProColumns<AccountAdminItem>[] = [
    { title: A.username, dataIndex: 'username', hideInTable: true, fieldProps: { placeholder: '包含即可' } },
    { title: A.email, dataIndex: 'email', hideInTable: true, fieldProps: { placeholder: '包含即可' } },
    {
      title: SYSTEM_LIST_TEXT.account,
      dataIndex: 'username',
      key: 'account',
      search: false,
      width: 200,
      ellipsis: true,
      render: (_, account) => renderAccount(account),
    },
    { title: A.status, dataIndex: 'status', valueType: 'select', valueEnum: STATUS_ENUM, width: 80 },
    {
      title: A.roles,
      dataIndex: 'roleId',
      valueType: 'select',
      fieldProps: { options: roles.map((role) => ({ value: role.id, label: role.name })) },
      render: (_, account) => renderRoles(account),
    },
    {
      title: A.membership,
      dataIndex: 'levelId',
      valueType: 'select',
      width: 130,
      fieldProps: {
        options: [{ value: NO_MEMBERSHIP, label: '无会员' }, ...levels.map((level) => ({ value: level.id, label: level.name }))],
      },
      render: (_, account) => renderMembership(account),
    },
    { title: '销售', dataIndex: 'sale', search: false, width: 120, render: (_, account) => renderSale(account) },
    {
      title: USERS_TEXT.membershipFilter,
      dataIndex: 'membership',
      key: 'membershipFilter',
      valueType: 'select',
      valueEnum: MEMBERSHIP_FILTER,
      hideInTable: true,
    },
    {
      title: USERS_TEXT.createdFilter,
      dataIndex: 'created',
      valueType: 'dateRange',
      hideInTable: true,
      tooltip: businessDayFilterTooltip(),
    },
    // Shown where the card has room for it (≥1600 px); always in 详情.
    {
      title: A.createdAt,
      dataIndex: 'createdAt',
      search: false,
      width: 160,
      responsive: ['xxl'],
      render: (_, account) => renderCreatedAt(account),
    },
    {
      title: '操作',
      valueType: 'option',
      width: 220,
      render: (_, account) => {
        const detail = (
          <a key="detail" onClick={() => setDetail(account)}>
            {TABLE_TEXT.detail}
          </a>
        );
        if (!account.manageable) {
          const self = account.username === currentUsername;
          return [
            detail,
            <Tooltip key="why" title={self ? USERS_TEXT.self : SYSTEM_TEXT.accountBeyondOwn}>
              <Typography.Text type="secondary">{self ? USERS_TEXT.selfShort : USERS_TEXT.beyondShort}</Typography.Text>
            </Tooltip>,
          ];
        }
        const enabled = account.status === 'enabled';
        const isSale = Boolean(account.sale && !account.sale.removed);
        return [
          detail,
          access.canSetRoles && (
            <a key="roles" onClick={() => setDialog({ kind: 'roles', account })}>
              设置角色
            </a>
          ),
          access.canSetAccountStatus && (
            <Popconfirm
              key="status"
              title={enabled ? `停用 ${account.username}？` : `启用 ${account.username}？`}
              description={enabled ? '停用后该账号将在所有设备上退出登录，且无法再登录' : undefined}
              okButtonProps={{ danger: enabled }}
              onConfirm={async () => {
                await act(
                  'account/setStatus',
                  { id: account.id, status: enabled ? 'disabled' : 'enabled' },
                  enabled ? '已停用' : '已启用',
                  reload,
                );
              }}
            >
              <Typography.Link type={enabled ? 'danger' : undefined}>{enabled ? '停用' : '启用'}</Typography.Link>
            </Popconfirm>
          ),
          <MoreActions
            key="more"
            actions={[
              access.canSetSale && {
                key: 'sale',
                label: isSale ? '销售设置' : '设为销售',
                onClick: () => setDialog({ kind: 'sale', account }),
              },
              access.canResetPassword && { key: 'password', label: '重置密码', onClick: () => void confirmResetPassword(account) },
              access.canResetPassword && { key: 'factors', label: '重置两步验证', onClick: () => void confirmResetFactors(account) },
            ]}
          />,
        ].filter(Boolean);
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
      onTabChange={(key) => setTabParam(key === 'audit' ? 'audit' : null)}
    >
      {tab === 'audit' && access.canSeeAdmin ? (
        <AuditLog />
      ) : (
        <ListTable<AccountAdminItem>
          rowKey="id"
          headerTitle="账号列表"
          actionRef={table}
          columns={columns}
          request={async (params) => {
            const { current: _current, pageSize: _pageSize, ...filters } = params;
            lastFilters.current = accountFilters(filters);
            const answer = await requestAccounts(params);
            setTotalCapped(Boolean(answer.totalCapped));
            return answer;
          }}
          pagination={{ showTotal: (total, range) => accountsTotalText(total, range, totalCapped) }}
          scroll={TABLE_SCROLL}
          toolBarRender={() => [
            <ExportButton key="export" path="account/export" allowed={access.canExportAccounts} filters={() => lastFilters.current} />,
            access.canCreateAccount && (
              <Button key="create" type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'create' })}>
                新建账号
              </Button>
            ),
          ]}
        />
      )}
      <DetailDrawer
        title={detail ? SYSTEM_LIST_TEXT.accountDetail(detail.username) : undefined}
        record={detail}
        columns={DETAIL_COLUMNS}
        onClose={() => setDetail(undefined)}
      />
      {dialog?.kind === 'create' ? (
        <CreateAccountForm
          roles={grantableRoles}
          onClose={close}
          onSubmit={async (body) => {
            const created = await tryCall('account/create', body);
            if (!created) return false;
            void reload();
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
            return Boolean(await act('account/setRoles', { id: dialog.account.id, roleIds }, '角色已更新', reload));
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
            return Boolean(
              await act(
                'sale/setSale',
                { accountId: dialog.account.id, enabled, commissionRate: percentToBasisPoints(percent) },
                enabled ? '已设为销售' : '已停用销售',
                reload,
              ),
            );
          }}
        />
      ) : null}
    </PageContainer>
  );
}
