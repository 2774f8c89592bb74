/** 角色管理: roles with their menu grants. */
import { PlusOutlined } from '@ant-design/icons';
import { PageContainer, type ActionType, type ProColumns } from '@ant-design/pro-components';
import ListTable from '@/components/ListTable';
import { useRequest } from 'ahooks';
import { Button, Popconfirm, Tag, Tooltip, Typography } from 'antd';
import { useRef, useState } from 'react';
import { act } from '@/kit/act';
import { callApi } from '@/services/request';
import { usePagedList } from '@/services/usePagedList';
import type { RoleCreateBody, RoleItem } from '#contract/api/role';
import { SYSTEM_TEXT } from '#contract/system';
import RoleForm from './RoleForm';
import { TABLE_SCROLL } from '@/kit/tableLayout';

export default function RolesManager() {
  const table = useRef<ActionType>();
  const { data: tree = [] } = useRequest(() => callApi('menu/tree', {}));
  const [editing, setEditing] = useState<{ role?: RoleItem }>();

  const save = async (body: RoleCreateBody) => {
    const role = editing?.role;
    const done = role ? await act('role/update', { id: role.id, ...body }, '角色已保存') : await act('role/create', body, '角色已创建');
    if (done) void table.current?.reload();
    return Boolean(done);
  };

  const columns: ProColumns<RoleItem>[] = [
    {
      title: '角色名称',
      dataIndex: 'name',
      width: 200,
      ellipsis: true,
      render: (_, role) =>
        role.builtIn ? (
          <>
            {role.name} <Tag color="gold">内置</Tag>
          </>
        ) : (
          role.name
        ),
    },
    { title: '角色编码', dataIndex: 'code', width: 160, copyable: true, ellipsis: true },
    { title: '描述', dataIndex: 'description', search: false, ellipsis: true },
    {
      title: '需要两步验证',
      dataIndex: 'requiresSecondFactor',
      search: false,
      width: 120,
      render: (_, role) => (role.requiresSecondFactor ? <Tag color="blue">需要</Tag> : '-'),
    },
    { title: '授权菜单数', dataIndex: 'menuIds', search: false, width: 110, render: (_, role) => role.menuIds.length },
    { title: '账号数', dataIndex: 'accountCount', search: false, width: 90 },
    {
      title: '操作',
      valueType: 'option',
      width: 140,
      render: (_, role) => [
        <a key="edit" onClick={() => setEditing({ role })}>
          编辑
        </a>,
        role.builtIn ? (
          <Tooltip key="delete" title={SYSTEM_TEXT.builtInRoleDelete}>
            <Typography.Text disabled>删除</Typography.Text>
          </Tooltip>
        ) : (
          <Popconfirm
            key="delete"
            title={`确定删除角色「${role.name}」？`}
            description={role.accountCount > 0 ? SYSTEM_TEXT.roleHeld(role.accountCount) : undefined}
            okButtonProps={{ danger: true }}
            onConfirm={async () => {
              await act('role/delete', { id: role.id }, '角色已删除', () => table.current?.reload());
            }}
          >
            <Typography.Link type="danger">删除</Typography.Link>
          </Popconfirm>
        ),
      ],
    },
  ];

  const list = usePagedList('role/list', { actionRef: table });
  return (
    <PageContainer>
      <ListTable<RoleItem>
        rowKey="id"
        headerTitle="角色列表"
        actionRef={table}
        columns={columns}
        {...list}
        scroll={TABLE_SCROLL}
        toolBarRender={() => [
          <Button key="create" type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
            新建角色
          </Button>,
        ]}
      />
      {editing ? (
        <RoleForm
          key={editing.role?.id ?? 'new'}
          open
          onOpenChange={(open) => !open && setEditing(undefined)}
          tree={tree}
          role={editing.role}
          onSubmit={save}
        />
      ) : null}
    </PageContainer>
  );
}
