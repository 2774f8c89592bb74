/** `/client/shopManager`: the account's own shops; bind one through the plug-in, unbind with confirmation. */
import { PageContainer, type ActionType, type ProColumns } from '@ant-design/pro-components';
import ListTable from '@/components/ListTable';
import { useRef, useState } from 'react';
import DetailDrawer from '@/components/DetailDrawer';
import { TABLE_TEXT } from '@/locales/zh-CN/common';
import { SHOP_TEXT } from '#contract/text/shops';
import { tableWidth } from '@/kit/tableWidth';
import { act } from '@/kit/act';
import type { ShopItem } from '#contract/api/shop';
import { usePagedList } from '@/services/usePagedList';
import BindShopModal from './BindShopModal';
import { shopColumns, shopDetailColumns, unbindColumn } from '@/kit/shopColumns';

export default function ShopManager() {
  const table = useRef<ActionType>();
  const [shown, setShown] = useState<ShopItem>();

  const unbind = async (shop: ShopItem) => {
    await act('shop/unbind', { id: shop.id }, `已解绑 ${shop.name}`, () => table.current?.reload());
  };

  const columns: ProColumns<ShopItem>[] = [
    ...shopColumns<ShopItem>(),
    unbindColumn<ShopItem>({
      action: '解绑',
      width: 100,
      extra: (shop) => [
        <a key="details" onClick={() => setShown(shop)}>
          {TABLE_TEXT.detail}
        </a>,
      ],
      description: (shop) => `确定解绑「${shop.name}」吗？解绑后插件不再为该店铺工作。`,
      onConfirm: unbind,
    }),
  ];

  const list = usePagedList('shop/list', { actionRef: table, emptyText: '还没有绑定店铺，点击“绑定店铺”开始' });
  return (
    <PageContainer>
      <ListTable<ShopItem>
        rowKey="id"
        headerTitle="我的店铺"
        actionRef={table}
        columns={columns}
        {...list}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        scroll={{ x: tableWidth(columns) }}
        options={{ reload: true }}
        toolBarRender={() => [<BindShopModal key="bind" onBound={() => table.current?.reload()} />]}
      />
      <DetailDrawer<ShopItem>
        title={SHOP_TEXT.detailTitle}
        record={shown}
        columns={shopDetailColumns}
        onClose={() => setShown(undefined)}
      />
    </PageContainer>
  );
}
