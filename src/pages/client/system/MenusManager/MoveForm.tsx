/** Move a menu under another parent (it goes to the end of its new siblings). */
import { ModalForm, ProForm } from '@ant-design/pro-components';
import type { MenuAdminNode } from '#contract/api/menu';
import { ParentSelect, ROOT_PARENT } from './MenuForm';
import { destroyOnHidden } from '@/kit/dialogForm';

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
      <ProForm.Item
        name="parentId"
        label="移动到"
        extra="不能移动到自身或其子菜单之下"
        rules={[{ required: true, message: '请选择上级菜单' }]}
      >
        <ParentSelect tree={tree} menu={menu} treeDefaultExpandAll />
      </ProForm.Item>
    </ModalForm>
  );
}
