/** "以此角色预览": the menu and the capabilities the grants being edited would give, before saving. */
import { Descriptions, Empty, Modal, Spin, Tag, Tree, Typography } from 'antd';
import { useRequest } from 'ahooks';
import { CAPABILITIES, CAPABILITY_URLS, type MenuNode } from '#contract/capabilities';
import { callApi } from '@/services/request';
import { MENU_KIND_TEXT } from '#contract/text/system';

interface Props {
  open: boolean;
  roleName: string;
  menuIds: number[];
  onClose(): void;
}

const toTreeData = (nodes: readonly MenuNode[]): any[] =>
  nodes.map((node) => ({
    key: node.url,
    title: (
      <span>
        {node.title}
        <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
          {node.url}
        </Typography.Text>
        {node.kind === 'action' ? <Tag style={{ marginLeft: 8 }}>{MENU_KIND_TEXT.action}</Tag> : null}
        {node.visible === false && node.kind !== 'action' ? <Tag style={{ marginLeft: 8 }}>隐藏</Tag> : null}
      </span>
    ),
    children: toTreeData(node.children ?? []),
  }));

export default function PreviewModal({ open, roleName, menuIds, onClose }: Props) {
  const { data, loading } = useRequest(() => callApi('role/preview', { menuIds }), { ready: open, refreshDeps: [open, menuIds.join(',')] });
  return (
    <Modal title={`以此角色预览：${roleName || '未命名角色'}`} open={open} onCancel={onClose} footer={null} width={760} destroyOnHidden>
      <Spin spinning={loading}>
        <Typography.Paragraph type="secondary">
          未保存的授权也会体现在预览中；持有此角色的账号下次加载时将看到以下菜单与权限。
        </Typography.Paragraph>
        <Typography.Title level={5}>菜单</Typography.Title>
        {data?.tree.length ? (
          <Tree treeData={toTreeData(data.tree)} defaultExpandAll selectable={false} />
        ) : (
          <Empty description="没有可见菜单" />
        )}
        <Typography.Title level={5} style={{ marginTop: 16 }}>
          权限（canSee）
        </Typography.Title>
        <Descriptions size="small" column={2} bordered>
          {CAPABILITIES.map((capability) => (
            <Descriptions.Item key={capability} label={<span title={CAPABILITY_URLS[capability]}>{capability}</span>}>
              {data?.capabilities[capability] ? <Tag color="success">是</Tag> : <Tag>否</Tag>}
            </Descriptions.Item>
          ))}
        </Descriptions>
      </Spin>
    </Modal>
  );
}
