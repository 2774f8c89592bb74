/** Move a menu under another parent (it goes to the end of its new siblings). */
import { ModalForm, ProFormTreeSelect } from '@ant-design/pro-components';
import type { MenuAdminNode } from '#contract/api/menu';
import { ROOT_PARENT } from './MenuForm';
import { parentOptions } from './menuTree';
import { destroyOnHidden } from '@/utils/dialogForm';

interface Props {
  menu?: MenuAdminNode;
  tree: MenuAdminNode[];
  onClose(): void;
  onSubmit(parentId: number | null): Promise<boolean>;
}

export default function MoveForm({ menu, tree, onClose, onSubmit }: Props) {
  return (
    <ModalForm<{ parentId: number }>
      name="moveMenuForm"
      title={menu ? `移动菜单「${menu.title}」` : '移动菜单'}
      open={Boolean(menu)}
      onOpenChange={(open) => !open && onClose()}
      modalProps={destroyOnHidden()}
      width={480}
      initialValues={{ parentId: menu?.parentId ?? ROOT_PARENT }}
      onFinish={({ parentId }) => onSubmit(parentId === ROOT_PARENT ? null : parentId)}
    >
      <ProFormTreeSelect
        name="parentId"
        label="移动到"
        extra="不能移动到自身或其子菜单之下"
        fieldProps={{
          treeData: [{ value: ROOT_PARENT, title: '顶级菜单', children: parentOptions(tree, menu?.id) }],
          treeDefaultExpandAll: true,
          showSearch: true,
          treeNodeFilterProp: 'title',
        }}
        rules={[{ required: true, message: '请选择上级菜单' }]}
      />
    </ModalForm>
  );
}
