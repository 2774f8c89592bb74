/** Create / edit a role: name, code, description and its grants as a checkable menu tree, with a preview. */
import { EyeOutlined } from '@ant-design/icons';
import { DrawerForm, ProForm, ProFormSwitch, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { useModel } from '@umijs/max';
import { Alert, Button, Form, Space, Tag, theme, Tree, Typography } from 'antd';
import { useMemo, useState } from 'react';
import type { MenuAdminNode } from '#contract/api/menu';
import type { RoleCreateBody, RoleItem } from '#contract/api/role';
import { ROLE_CODE_PATTERN, SUPER_ADMIN_ROLE_CODE } from '#contract/system';
import { toggleGrant } from './grants';
import PreviewModal from './PreviewModal';
import { withFieldErrors } from '@/services/request';
import { destroyOnHidden } from '@/kit/dialogForm';

interface Props {
  open: boolean;
  onOpenChange(open: boolean): void;
  tree: MenuAdminNode[];
  role?: RoleItem;
  onSubmit(body: RoleCreateBody): Promise<boolean>;
}

/** Action menus (sensitive operations) read as such; a menu the editor does not hold can not be checked. */
const toTreeData = (nodes: readonly MenuAdminNode[], held: ReadonlySet<string>): any[] =>
  nodes.map((node) => ({
    key: node.id,
    title: (
      <>
        {node.kind === 'action' ? <Tag color="orange">操作</Tag> : null}
        {node.title}（{node.url}）
      </>
    ),
    disableCheckbox: !held.has(node.url),
    children: toTreeData(node.children ?? [], held),
  }));

const GRANTS_LABEL = '菜单授权';

function GrantsTree({
  tree,
  value = [],
  onChange,
  disabled,
}: {
  tree: MenuAdminNode[];
  value?: number[];
  onChange?(ids: number[]): void;
  disabled: boolean;
}) {
  const menulist = useModel('@@initialState').initialState?.menulist;
  const held = useMemo(() => new Set((menulist ?? []).map((menu) => menu.url)), [menulist]);
  const { token } = theme.useToken();
  // The scroll box is a Tab stop of its own, so a keyboard can scroll a long tree (WCAG 2.1.1).
  return (
    <div
      tabIndex={0}
      role="group"
      aria-label={GRANTS_LABEL}
      style={{ maxHeight: 420, overflow: 'auto', border: `1px solid ${token.colorBorderSecondary}`, padding: 8, borderRadius: 6 }}
    >
      <Tree
        checkable
        checkStrictly
        defaultExpandAll
        selectable={false}
        disabled={disabled}
        treeData={toTreeData(tree, held)}
        checkedKeys={{ checked: value, halfChecked: [] }}
        onCheck={(_, info) => onChange?.(toggleGrant(tree, value, Number(info.node.key), info.checked))}
      />
    </div>
  );
}

export default function RoleForm({ open, onOpenChange, tree, role, onSubmit }: Props) {
  const [form] = Form.useForm<RoleCreateBody>();
  const [previewing, setPreviewing] = useState(false);
  const superAdmin = role?.code === SUPER_ADMIN_ROLE_CODE;
  const menuIds: number[] = Form.useWatch('menuIds', form) ?? [];
  const name: string = Form.useWatch('name', form) ?? '';
  return (
    <DrawerForm<RoleCreateBody>
      name="roleForm"
      form={form}
      title={role ? `编辑角色「${role.name}」` : '新建角色'}
      open={open}
      onOpenChange={onOpenChange}
      drawerProps={destroyOnHidden()}
      width={640}
      initialValues={{
        name: role?.name,
        code: role?.code,
        description: role?.description ?? '',
        requiresSecondFactor: role?.requiresSecondFactor ?? false,
        menuIds: role?.menuIds ?? [],
      }}
      onFinish={withFieldErrors(form, (values) =>
        onSubmit({
          name: values.name.trim(),
          code: values.code.trim(),
          description: (values.description ?? '').trim(),
          requiresSecondFactor: Boolean(values.requiresSecondFactor),
          menuIds: values.menuIds ?? [],
        }),
      )}
    >
      <ProFormText name="name" label="角色名称" rules={[{ required: true, whitespace: true, message: '请输入角色名称' }, { max: 32 }]} />
      <ProFormText
        name="code"
        label="角色编码"
        disabled={role?.builtIn}
        tooltip={role?.builtIn ? '内置角色的编码不能修改' : '小写字母开头，仅含小写字母、数字和下划线'}
        rules={[
          { required: true, message: '请输入角色编码' },
          { pattern: new RegExp(ROLE_CODE_PATTERN), message: '应为小写字母开头的 2–32 位小写字母、数字或下划线' },
        ]}
      />
      <ProFormTextArea name="description" label="描述" fieldProps={{ maxLength: 200, showCount: true, rows: 2 }} />
      <ProFormSwitch
        name="requiresSecondFactor"
        label="需要两步验证"
        extra="持有该角色的账号须设置两步验证（身份验证器或通行密钥）才能使用控制台；自其下次登录起生效"
      />
      <ProForm.Item label={GRANTS_LABEL} extra="勾选子菜单时会自动勾选其上级菜单；取消勾选会一并取消其下级菜单">
        <Space style={{ marginBottom: 8 }}>
          <Button icon={<EyeOutlined />} onClick={() => setPreviewing(true)}>
            以此角色预览
          </Button>
          <Typography.Text type="secondary">已选 {menuIds.length} 项</Typography.Text>
        </Space>
        {superAdmin ? <Alert type="info" showIcon message="超级管理员始终拥有全部菜单，不能减少" style={{ marginBottom: 8 }} /> : null}
        <ProForm.Item name="menuIds" noStyle>
          <GrantsTree tree={tree} disabled={superAdmin} />
        </ProForm.Item>
      </ProForm.Item>
      <PreviewModal open={previewing} roleName={name} menuIds={menuIds} onClose={() => setPreviewing(false)} />
    </DrawerForm>
  );
}
