/**
 * A 详情 drawer: every field of one list row, for the fields a list leaves out to fit its width.
 * Takes ProDescriptions columns (the same shape as ProTable's), so a screen can reuse its column
 * definitions; on a phone it fills the screen.
 */
import { ProDescriptions, type ProDescriptionsItemProps } from '@ant-design/pro-components';
import { Drawer, Grid } from 'antd';
import React from 'react';

export interface DetailDrawerProps<T> {
  title: React.ReactNode;
  /** The row shown; undefined keeps the drawer closed. */
  record: T | undefined;
  columns: ProDescriptionsItemProps<T>[];
  onClose: () => void;
  /** Buttons under the title (the row's actions). */
  extra?: React.ReactNode;
}

const DRAWER_WIDTH = 520;

export default function DetailDrawer<T extends Record<string, any>>({ title, record, columns, onClose, extra }: DetailDrawerProps<T>) {
  const screens = Grid.useBreakpoint();
  return (
    <Drawer
      title={title}
      open={record !== undefined}
      onClose={onClose}
      extra={extra}
      width={screens.sm === false ? '100%' : DRAWER_WIDTH}
      destroyOnHidden
    >
      {record !== undefined && <ProDescriptions<T> column={1} dataSource={record} columns={columns} />}
    </Drawer>
  );
}
