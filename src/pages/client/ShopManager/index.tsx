/** `/client/shopManager`: the account's own shops; bind one through the plug-in, unbind with confirmation. */
import { PageContainer, ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { message } from 'antd';
import { useRef } from 'react';
import { callApi } from '@/services/request';
import type { ShopItem } from '#contract/api/shop';
import { usePagedList } from '@/utils/usePagedList';
import { tablePagination } from '@/utils/requestDefaults';
import BindShopModal from './BindShopModal';
import { shopColumns, unbindColumn } from './columns';

export default function ShopManager() {
  const table = useRef<ActionType>();

  const unbind = async (shop: ShopItem) => {
    const answer = await callApi('shop/unbind', { id: shop.id });
    if (!answer.isSuccess) return;
    message.success(`已解绑 ${shop.name}`);
    table.current?.reload();
  };

  const columns: ProColumns<ShopItem>[] = [
    ...shopColumns<ShopItem>(),
    unbindColumn<ShopItem>({
      action: '解绑',
      width: 80,
      description: (shop) => `确定解绑「${shop.name}」吗？解绑后插件不再为该店铺工作。`,
      onConfirm: unbind,
    }),
  ];

  const list = usePagedList('shop/list', { actionRef: table, emptyText: '还没有绑定店铺，点击“绑定店铺”开始' });
  return (
    <PageContainer>
      <ProTable<ShopItem>
        rowKey="id"
        headerTitle="我的店铺"
        actionRef={table}
        columns={columns}
        {...list}
        pagination={tablePagination}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        scroll={{ x: 860 }}
        options={{ reload: true, density: false, setting: false }}
        toolBarRender={() => [<BindShopModal key="bind" onBound={() => table.current?.reload()} />]}
      />
    </PageContainer>
  );
}
