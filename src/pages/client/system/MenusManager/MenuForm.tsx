/** Create / edit a menu: title, url, icon (from the catalogue, previewed), kind, visible, sort, parent. */
import { ModalForm, ProForm, ProFormDigit, ProFormRadio, ProFormSelect, ProFormSwitch, ProFormText } from '@ant-design/pro-components';
import { Space, TreeSelect, type TreeSelectProps } from 'antd';
import MenuIcon from '@/components/menuIcons';
import { MENU_ICON_NAMES, MENU_KINDS, MENU_TITLE_MAX, MENU_URL_MAX, MENU_URL_PATTERN } from '#contract/system';
import { MENU_KIND_TEXT } from '#contract/text/system';
import type { MenuAdminNode, MenuCreateBody } from '#contract/api/menu';
import { parentOptions } from './menuTree';
import { useFieldErrors } from '@/services/fieldErrors';
import { destroyOnHidden } from '@/kit/dialogForm';

export const ROOT_PARENT = 0;

/**
 * The parent picker: 顶级菜单, then the tree without `menu` and its descendants. antd's TreeSelect
 * itself: ProForm's tree-select field hands it props antd 5.29 deprecates (config/proField.ts).
 * The required Form.Item's `aria-required` is dropped as in RequiredSelect: rc-select would put it
 * on its role-less wrapper too (axe aria-allowed-attr).
 */
export function ParentSelect({
  tree,
  menu,
  'aria-required': _required,
  ...props
}: { tree: MenuAdminNode[]; menu?: MenuAdminNode } & Omit<TreeSelectProps, 'treeData'>) {
  return (
    <TreeSelect
      {...props}
      treeData={[{ value: ROOT_PARENT, title: '顶级菜单', children: parentOptions(tree, menu?.id) }]}
      showSearch
      treeNodeFilterProp="title"
      placeholder="请选择"
    />
  );
}

interface Props {
  open: boolean;
  onOpenChange(open: boolean): void;
  tree: MenuAdminNode[];
  /** The menu being edited; absent when creating. */
  menu?: MenuAdminNode;
  /** The parent of a new menu. */
  parentId?: number | null;
  onSubmit(body: MenuCreateBody): Promise<boolean>;
}

const iconOptions = MENU_ICON_NAMES.map((name) => ({
  value: name,
  label: (
    <Space>
      <MenuIcon name={name} />
      {name}
    </Space>
  ),
}));

export default function MenuForm({ open, onOpenChange, tree, menu, parentId, onSubmit }: Props) {
  const fieldErrors = useFieldErrors();
  return (
    <ModalForm<MenuCreateBody & { parentId: number }>
      name="menuForm"
      title={menu ? '编辑菜单' : '新建菜单'}
      open={open}
      onOpenChange={onOpenChange}
      modalProps={destroyOnHidden()}
      width={560}
      layout="horizontal"
      labelCol={{ span: 5 }}
      initialValues={{
        parentId: (menu ? menu.parentId : parentId) ?? ROOT_PARENT,
        title: menu?.title,
        url: menu?.url,
        icon: menu?.icon ?? undefined,
        kind: menu?.kind ?? 'page',
        visible: menu?.visible ?? true,
        sort: menu?.sort ?? 100,
      }}
      form={fieldErrors.form}
      onFinish={fieldErrors.wrap((values) =>
        onSubmit({
          parentId: values.parentId === ROOT_PARENT ? null : values.parentId,
          title: values.title.trim(),
          url: values.url.trim(),
          icon: values.icon ?? null,
          kind: values.kind,
          visible: values.visible,
          sort: values.sort,
        }),
      )}
    >
      <ProForm.Item name="parentId" label="上级菜单" rules={[{ required: true, message: '请选择上级菜单' }]}>
        <ParentSelect tree={tree} menu={menu} treeDefaultExpandedKeys={[ROOT_PARENT]} />
      </ProForm.Item>
      <ProFormText
        name="title"
        label="菜单名称"
        rules={[{ required: true, whitespace: true, message: '请输入菜单名称' }, { max: MENU_TITLE_MAX }]}
      />
      <ProFormText
        name="url"
        label="菜单地址"
        placeholder="/client/example 或 https://…"
        tooltip="页面路径或外部链接；地址即权限标识，不能重复"
        rules={[
          { required: true, whitespace: true, message: '请输入菜单地址' },
          { max: MENU_URL_MAX },
          { pattern: new RegExp(MENU_URL_PATTERN), message: '应以 / 开头，或是 http(s):// 链接' },
        ]}
      />
      <ProFormSelect
        name="icon"
        label="图标"
        placeholder="选择图标（可不选）"
        options={iconOptions}
        fieldProps={{ showSearch: true, allowClear: true, optionFilterProp: 'value' }}
      />
      <ProFormRadio.Group
        name="kind"
        label="类型"
        radioType="button"
        options={MENU_KINDS.map((kind) => ({ value: kind, label: MENU_KIND_TEXT[kind] }))}
        tooltip="目录：含子菜单；页面：可打开的页面或链接；操作：不在菜单中显示的权限点"
      />
      <ProFormSwitch name="visible" label="在菜单中显示" />
      <ProFormDigit
        name="sort"
        label="排序"
        min={0}
        max={1_000_000}
        fieldProps={{ precision: 0 }}
        tooltip="同级内数字小的在前"
        rules={[{ required: true, message: '请输入排序' }]}
      />
    </ModalForm>
  );
}
