/** Columns both shop screens share: platform, shop id, name, region, status, bound time. */
import type { ProColumns } from '@ant-design/pro-components';
import { Typography } from 'antd';
import dayjs from '@/utils/dayjs';
import { SHOP_PLATFORMS, SHOP_STATUS_TEXT, type ShopItem } from '@/shared/shops';

const PLATFORM_ENUM = Object.fromEntries(SHOP_PLATFORMS.map(({ value, label }) => [value, { text: label }]));

const STATUS_ENUM = {
  bound: { text: SHOP_STATUS_TEXT.bound, status: 'Success' },
  unbound: { text: SHOP_STATUS_TEXT.unbound, status: 'Default' },
  invalid: { text: SHOP_STATUS_TEXT.invalid, status: 'Error' },
};

const formatTime = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '-');

export function shopColumns<T extends ShopItem>(): ProColumns<T>[] {
  return [
    { title: '店铺名称', dataIndex: 'name', ellipsis: true, fieldProps: { placeholder: '店铺名称或店铺 ID' } },
    { title: '平台', dataIndex: 'platform', valueType: 'select', valueEnum: PLATFORM_ENUM, width: 170 },
    {
      title: '店铺 ID',
      dataIndex: 'externalId',
      search: false,
      render: (_, row) => <Typography.Text copyable>{row.externalId}</Typography.Text>,
    },
    { title: '地区', dataIndex: 'region', search: false, width: 80, render: (_, row) => row.region || '-' },
    { title: '状态', dataIndex: 'status', valueType: 'select', valueEnum: STATUS_ENUM, width: 110 },
    { title: '绑定时间', dataIndex: 'boundAt', search: false, width: 160, render: (_, row) => formatTime(row.boundAt) },
    { title: '解绑时间', dataIndex: 'unboundAt', search: false, width: 160, render: (_, row) => formatTime(row.unboundAt) },
  ];
}
