/** 菜单管理: the menu tree as a tree table; create, edit, move, reorder, delete. */
import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined } from '@ant-design/icons';
import { PageContainer, type ProColumns } from '@ant-design/pro-components';
import ListTable from '@/components/ListTable';
import { useRequest } from 'ahooks';
import { Button, Space, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import MenuIcon from '@/components/menuIcons';
import { act } from '@/kit/act';
import { callApi } from '@/services/request';
import type { MenuAdminNode, MenuCreateBody } from '#contract/api/menu';
import { SYSTEM_TEXT } from '#contract/system';
import { MENU_KIND_TEXT } from '#contract/text/system';
import MenuForm from './MenuForm';
import MoveForm from './MoveForm';
import MoreActions from '@/components/MoreActions';
import { TABLE_SCROLL } from '@/kit/tableLayout';
import { allIds, moved, siblingsOf } from './menuTree';
import { modal } from '@/kit/feedback';

const KIND_COLOR = {
  directory: 'blue',
  page: 'green',
  action: 'orange',
} as const;

type Editing = { mode: 'create'; parentId: number | null } | { mode: 'edit'; menu: MenuAdminNode };

export default function MenusManager() {
  const { data: tree = [], loading, refresh } = useRequest(() => callApi('menu/tree', {}));
  const [editing, setEditing] = useState<Editing>();
  const [moving, setMoving] = useState<MenuAdminNode>();
  const [expanded, setExpanded] = useState<readonly React.Key[]>();

  const save = async (body: MenuCreateBody) => {
    const done =
      editing?.mode === 'edit'
        ? await act('menu/update', { id: editing.menu.id, ...body }, '菜单已保存')
        : await act('menu/create', body, '菜单已创建');
    if (done) refresh();
    return Boolean(done);
  };

  const reorder = async (menu: MenuAdminNode, step: -1 | 1) => {
    const ids = siblingsOf(tree, menu.id)?.map((node) => node.id) ?? [];
    const orderedIds = moved(ids, menu.id, step);
    if (orderedIds) await act('menu/reorder', { parentId: menu.parentId, orderedIds }, '顺序已调整', refresh);
  };

  const remove = async (menu: MenuAdminNode, removeGrants: boolean) => {
    await act('menu/delete', { id: menu.id, removeGrants }, '菜单已删除', refresh);
  };

  /** Grants other than the super administrator's (which holds every menu). */
  const otherGrants = (menu: MenuAdminNode) => Math.max(0, menu.grantCount - 1);

  /** A menu other roles hold asks to remove their grants too; one only the super administrator holds is simply deleted. */
  const confirmRemove = (menu: MenuAdminNode) =>
    otherGrants(menu) > 0
      ? modal.confirm({
          title: `删除菜单「${menu.title}」？`,
          content: SYSTEM_TEXT.menuGranted(otherGrants(menu)),
          okText: '删除并取消授权',
          okButtonProps: { danger: true },
          onOk: () => remove(menu, true),
        })
      : modal.confirm({
          title: `确定删除菜单「${menu.title}」？`,
          okButtonProps: { danger: true },
          onOk: () => remove(menu, false),
        });

  const columns: ProColumns<MenuAdminNode>[] = [
    {
      title: '菜单名称',
      dataIndex: 'title',
      width: 210,
      ellipsis: true,
      render: (_, menu) => (
        <Space>
          {menu.icon ? <MenuIcon name={menu.icon} /> : null}
          {menu.title}
        </Space>
      ),
    },
    { title: '地址', dataIndex: 'url', copyable: true, ellipsis: true },
    {
      title: '类型',
      dataIndex: 'kind',
      width: 80,
      render: (_, menu) => <Tag color={KIND_COLOR[menu.kind]}>{MENU_KIND_TEXT[menu.kind]}</Tag>,
    },
    {
      title: '图标',
      dataIndex: 'icon',
      width: 170,
      // The icon shows beside the name; its name only where the card has room (≥1600 px).
      responsive: ['xxl'],
      render: (_, menu) => menu.icon ?? '-',
    },
    {
      title: '显示',
      dataIndex: 'visible',
      width: 70,
      render: (_, menu) => (menu.visible ? <Tag color="success">显示</Tag> : <Tag>隐藏</Tag>),
    },
    { title: '排序', dataIndex: 'sort', width: 70, responsive: ['xxl'] },
    {
      title: '授权角色',
      dataIndex: 'grantCount',
      width: 90,
      tooltip: '含超级管理员',
    },
    {
      title: '操作',
      valueType: 'option',
      width: 260,
      render: (_, menu) => {
        const siblings = siblingsOf(tree, menu.id) ?? [];
        const index = siblings.findIndex((node) => node.id === menu.id);
        return [
          <a key="edit" onClick={() => setEditing({ mode: 'edit', menu })}>
            编辑
          </a>,
          menu.kind !== 'action' ? (
            <a key="child" onClick={() => setEditing({ mode: 'create', parentId: menu.id })}>
              添加子菜单
            </a>
          ) : null,
          <Tooltip key="up" title="上移">
            <Button
              type="text"
              size="small"
              aria-label="上移"
              icon={<ArrowUpOutlined />}
              disabled={index <= 0}
              onClick={() => reorder(menu, -1)}
            />
          </Tooltip>,
          <Tooltip key="down" title="下移">
            <Button
              type="text"
              size="small"
              aria-label="下移"
              icon={<ArrowDownOutlined />}
              disabled={index < 0 || index >= siblings.length - 1}
              onClick={() => reorder(menu, 1)}
            />
          </Tooltip>,
          <MoreActions
            key="more"
            actions={[
              { key: 'move', label: '移动', onClick: () => setMoving(menu) },
              menu.children?.length
                ? {
                    key: 'delete',
                    label: <Tooltip title={SYSTEM_TEXT.menuHasChildren}>删除</Tooltip>,
                    disabled: true,
                    onClick: () => undefined,
                  }
                : { key: 'delete', label: '删除', danger: true, onClick: () => void confirmRemove(menu) },
            ]}
          />,
        ];
      },
    },
  ];

  return (
    <PageContainer>
      <ListTable<MenuAdminNode>
        rowKey="id"
        headerTitle="菜单列表"
        columns={columns}
        dataSource={tree}
        loading={loading}
        search={false}
        pagination={false}
        scroll={TABLE_SCROLL}
        expandable={{
          expandedRowKeys: expanded ?? allIds(tree),
          onExpandedRowsChange: (keys) => setExpanded(keys),
        }}
        options={{ reload: refresh }}
        toolBarRender={() => [
          <Button key="collapse" onClick={() => setExpanded(expanded?.length === 0 ? allIds(tree) : [])}>
            {expanded?.length === 0 ? '全部展开' : '全部收起'}
          </Button>,
          <Button key="create" type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'create', parentId: null })}>
            新建菜单
          </Button>,
        ]}
      />
      {editing ? (
        <MenuForm
          key={editing.mode === 'edit' ? editing.menu.id : `new-${editing.parentId}`}
          open
          onOpenChange={(open) => !open && setEditing(undefined)}
          tree={tree}
          menu={editing?.mode === 'edit' ? editing.menu : undefined}
          parentId={editing?.mode === 'create' ? editing.parentId : undefined}
          onSubmit={save}
        />
      ) : null}
      <MoveForm
        menu={moving}
        tree={tree}
        onClose={() => setMoving(undefined)}
        onSubmit={async (parentId) => {
          return Boolean(await act('menu/move', { id: moving!.id, parentId }, '菜单已移动', refresh));
        }}
      />
    </PageContainer>
  );
}
