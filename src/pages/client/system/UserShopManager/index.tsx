/** `/client/system/userShopManager`: every account's shops, searchable by account; force unbind (audited). */
import { PageContainer, type ActionType, type ProColumns } from '@ant-design/pro-components';
import ListTable from '@/components/ListTable';
import { useAccess } from '@umijs/max';
import { useRef } from 'react';
import { act } from '@/kit/act';
import type { AccountShopItem } from '#contract/api/shop';
import { usePagedList } from '@/services/usePagedList';
import { shopColumns, unbindColumn } from '@/kit/shopColumns';
import { TABLE_SCROLL } from '@/kit/tableLayout';
import ExportButton from '@/components/ExportButton';
import { SHOP_COLUMNS } from '#contract/text/exports';

export default function UserShopManager() {
  const access = useAccess();
  const table = useRef<ActionType>();

  const forceUnbind = async (shop: AccountShopItem) => {
    await act('shop/forceUnbind', { id: shop.id }, `已强制解绑 ${shop.username} 的店铺 ${shop.name}`, () => table.current?.reload());
  };

  const columns: ProColumns<AccountShopItem>[] = [
    { title: SHOP_COLUMNS.username, dataIndex: 'username', width: 120, fieldProps: { placeholder: '用户名' } },
    // 绑定时间 only where the card has room (≥1600 px): the other columns leave 店铺名称 too little at 1280.
    ...shopColumns<AccountShopItem>().map((column): ProColumns<AccountShopItem> =>
      column.dataIndex === 'boundAt' ? { ...column, responsive: ['xxl'] } : column,
    ),
    ...(access.canForceUnbindShop
      ? [
          unbindColumn<AccountShopItem>({
            action: '强制解绑',
            width: 100,
            description: (shop) => `确定强制解绑 ${shop.username} 的店铺「${shop.name}」吗？此操作会记入审计日志。`,
            onConfirm: forceUnbind,
          }),
        ]
      : []),
  ];

  const filters = useRef<Record<string, unknown>>({});
  const list = usePagedList('shop/listAll', { actionRef: table, emptyText: '没有符合条件的店铺', filtersRef: filters });
  return (
    <PageContainer>
      <ListTable<AccountShopItem>
        rowKey="id"
        headerTitle="用户店铺"
        actionRef={table}
        columns={columns}
        {...list}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        scroll={TABLE_SCROLL}
        options={{ reload: true }}
        toolBarRender={() => [
          <ExportButton key="export" path="shop/exportAll" allowed={access.canExportShops} filters={() => filters.current} />,
        ]}
      />
    </PageContainer>
  );
}
