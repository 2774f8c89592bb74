/** Columns both shop screens share: name, platform, shop id, region, status, bound time, and the unbind action. */
import type { ProColumns, ProDescriptionsItemProps } from '@ant-design/pro-components';
import type React from 'react';
import { Badge, Popconfirm, Tooltip, Typography } from 'antd';
import dayjs from '@/kit/dayjs';
import { SHOP_PLATFORMS, type ShopStatus } from '#contract/shopPlatforms';
import { SHOP_STATUS_TEXT } from '#contract/text/shops';
import type { ShopItem } from '#contract/api/shop';
import { SHOP_COLUMNS as S } from '#contract/text/exports';
import { valueEnumOf } from '@/kit/valueEnum';

const PLATFORM_ENUM = Object.fromEntries(SHOP_PLATFORMS.map(({ value, label }) => [value, { text: label }]));

const STATUS_BADGE: Record<ShopStatus, 'success' | 'default' | 'error'> = { bound: 'success', unbound: 'default', invalid: 'error' };
const STATUS_ENUM = valueEnumOf(SHOP_STATUS_TEXT);

export const formatTime = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '-');

function ShopStatusBadge({ shop }: { shop: ShopItem }) {
  const badge = <Badge status={STATUS_BADGE[shop.status]} text={SHOP_STATUS_TEXT[shop.status]} />;
  // The unbind time matters only for unbound shops: on hover, not as a column of dashes. The span
  // holds the Tooltip's ref: antd's status Badge drops it (React would warn about findDOMNode).
  return shop.status === 'unbound' && shop.unboundAt ? (
    <Tooltip title={`解绑于 ${formatTime(shop.unboundAt)}`}>
      <span>{badge}</span>
    </Tooltip>
  ) : (
    badge
  );
}

export function shopColumns<T extends ShopItem>(): ProColumns<T>[] {
  return [
    { title: S.name, dataIndex: 'name', ellipsis: true, fieldProps: { placeholder: '店铺名称或店铺 ID' } },
    { title: S.platform, dataIndex: 'platform', valueType: 'select', valueEnum: PLATFORM_ENUM, width: 140 },
    {
      title: S.externalId,
      dataIndex: 'externalId',
      search: false,
      width: 180,
      render: (_, shop) => (
        <Typography.Text copyable style={{ whiteSpace: 'nowrap' }}>
          {shop.externalId}
        </Typography.Text>
      ),
    },
    { title: S.region, dataIndex: 'region', search: false, width: 64, render: (_, shop) => shop.region || '-' },
    {
      title: S.status,
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: STATUS_ENUM,
      width: 96,
      render: (_, shop) => <ShopStatusBadge shop={shop} />,
    },
    { title: S.boundAt, dataIndex: 'boundAt', search: false, width: 150, render: (_, shop) => formatTime(shop.boundAt) },
  ];
}

/** Every field of one shop, for the 详情 drawer. */
export const shopDetailColumns: ProDescriptionsItemProps<ShopItem>[] = [
  { title: S.name, dataIndex: 'name' },
  { title: S.platform, dataIndex: 'platform', valueType: 'select', valueEnum: PLATFORM_ENUM },
  { title: S.externalId, dataIndex: 'externalId', copyable: true },
  { title: S.region, dataIndex: 'region', render: (_, shop) => shop.region || '-' },
  {
    title: S.status,
    dataIndex: 'status',
    render: (_, shop) => <Badge status={STATUS_BADGE[shop.status]} text={SHOP_STATUS_TEXT[shop.status]} />,
  },
  { title: S.boundAt, dataIndex: 'boundAt', render: (_, shop) => formatTime(shop.boundAt) },
  { title: S.unboundAt, dataIndex: 'unboundAt', render: (_, shop) => formatTime(shop.unboundAt) },
];

/**
 * The action column: unbind a bound shop (`action` names it) after a confirmation; a dash for an
 * unbound one; then the screen's `extra` links (its 详情).
 */
export function unbindColumn<T extends ShopItem>(options: {
  action: string;
  width: number;
  description: (shop: T) => string;
  onConfirm: (shop: T) => Promise<void>;
  extra?: (shop: T) => React.ReactNode[];
}): ProColumns<T> {
  const { action, width, description, onConfirm, extra = () => [] } = options;
  return {
    title: '操作',
    valueType: 'option',
    width,
    fixed: 'right',
    render: (_, shop) => [
      ...(shop.status === 'unbound'
        ? [
            <Typography.Text key="none" type="secondary">
              -
            </Typography.Text>,
          ]
        : [
            <Popconfirm
              key="unbind"
              title={`${action}店铺`}
              description={description(shop)}
              okText={action}
              okButtonProps={{ danger: true }}
              onConfirm={() => onConfirm(shop)}
            >
              <a>{action}</a>
            </Popconfirm>,
          ]),
      ...extra(shop),
    ],
  };
}
