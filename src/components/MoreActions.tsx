/** A row's rarely used actions under one 更多 link, so the 操作 column keeps only the frequent ones and fits the card. */
import { DownOutlined } from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import type React from 'react';
import { TABLE_TEXT } from '@/locales/zh-CN/common';

export interface MoreAction {
  key: string;
  /** A disabled action may explain itself with a Tooltip around its label. */
  label: React.ReactNode;
  onClick: () => void;
  danger?: boolean;
  disabled?: boolean;
}

/** Renders nothing when no action is left (the caller filters by access). */
export default function MoreActions({
  actions,
  label = TABLE_TEXT.more,
}: {
  actions: Array<MoreAction | false | null | undefined>;
  /** The link's words: 更多 unless the actions share a subject (灰度). */
  label?: React.ReactNode;
}) {
  const items: MenuProps['items'] = actions
    .filter((action): action is MoreAction => Boolean(action))
    .map(({ key, label, danger, disabled }) => ({ key, label, danger, disabled }));
  if (!items.length) return null;
  const byKey = new Map(actions.filter((action): action is MoreAction => Boolean(action)).map((action) => [action.key, action]));
  return (
    <Dropdown menu={{ items, onClick: ({ key }) => byKey.get(key)?.onClick() }} trigger={['click']}>
      <a role="button" style={{ whiteSpace: 'nowrap' }}>
        {label} <DownOutlined />
      </a>
    </Dropdown>
  );
}
