/** 版本管理: plug-in releases, their status and release time. */
import { PlusOutlined } from '@ant-design/icons';
import { PageContainer, type ActionType, type ProColumns } from '@ant-design/pro-components';
import ListTable from '@/components/ListTable';
import { history, useRouteProps } from '@umijs/max';
import { Button, Popconfirm, Tag, Typography } from 'antd';
import { useRef } from 'react';
import { deleteRelease, publishRelease, withdrawRelease } from '@/services/content';
import type { ReleaseStatus } from '#contract/content';
import { CONTENT_TEXT, RELEASE_STATUS_LABELS } from '@/locales/zh-CN/content';
import type { Release } from '#contract/api/appVersion';
import { usePagedList } from '@/utils/usePagedList';
import ReleaseForm from './ReleaseForm';
import { TABLE_SCROLL } from '../../tableLayout';
import { message } from '@/utils/feedback';

const STATUS_COLORS: Record<ReleaseStatus, string> = { draft: 'default', published: 'green', withdrawn: 'orange' };

export const SCRIPT_MANAGER_PATH = '/client/system/appManager/scriptManager';

export default function VersionManager() {
  const { title } = useRouteProps();
  const actionRef = useRef<ActionType>();
  const reload = () => actionRef.current?.reload();

  const act = async (call: Promise<{ isSuccess: boolean }>, done: string) => {
    const answer = await call;
    if (answer.isSuccess) {
      message.success(done);
      void reload();
    }
  };

  const columns: ProColumns<Release>[] = [
    { title: '版本号', dataIndex: 'version', width: 110, render: (_, row) => <Typography.Text strong>{row.version}</Typography.Text> },
    {
      title: '状态',
      dataIndex: 'status',
      width: 100,
      valueType: 'select',
      valueEnum: Object.fromEntries(Object.entries(RELEASE_STATUS_LABELS).map(([key, text]) => [key, { text }])),
      render: (_, row) => <Tag color={STATUS_COLORS[row.status]}>{RELEASE_STATUS_LABELS[row.status]}</Tag>,
    },
    { title: '最低支持版本', dataIndex: 'minSupportedVersion', search: false, width: 120 },
    { title: '更新说明', dataIndex: 'changelog', search: false, ellipsis: true },
    {
      title: '下载地址',
      dataIndex: 'downloadUrl',
      search: false,
      ellipsis: true,
      width: 200,
      // Where the card has room (≥1600 px); 编辑 shows it too.
      responsive: ['xxl'],
      render: (_, row) =>
        row.downloadUrl ? (
          <a href={row.downloadUrl} target="_blank" rel="noreferrer">
            {row.downloadUrl}
          </a>
        ) : (
          <Typography.Text type="secondary">未填写</Typography.Text>
        ),
    },
    { title: '脚本数', dataIndex: 'scriptCount', search: false, width: 80 },
    { title: '发布时间', dataIndex: 'releasedAt', valueType: 'dateTime', search: false, width: 170 },
    {
      title: '操作',
      valueType: 'option',
      width: 190,
      render: (_, row) => [
        <a key="scripts" onClick={() => history.push(`${SCRIPT_MANAGER_PATH}?release=${row.id}`)}>
          脚本
        </a>,
        <ReleaseForm key="edit" release={row} trigger={<a>编辑</a>} onDone={reload} />,
        row.status !== 'published' && (
          <Popconfirm
            key="publish"
            title={`发布 ${row.version}？`}
            description="发布后插件即可获取此版本，脚本清单将冻结。"
            onConfirm={() => act(publishRelease(row.id), '已发布')}
          >
            <a>{CONTENT_TEXT.publish}</a>
          </Popconfirm>
        ),
        row.status === 'published' && (
          <Popconfirm
            key="withdraw"
            title={`撤回 ${row.version}？`}
            description="撤回后插件将不再获取此版本。"
            onConfirm={() => act(withdrawRelease(row.id), '已撤回')}
          >
            <a>{CONTENT_TEXT.withdraw}</a>
          </Popconfirm>
        ),
        row.status === 'draft' && (
          <Popconfirm key="delete" title={`删除草稿 ${row.version}？`} onConfirm={() => act(deleteRelease(row.id), '已删除')}>
            <Typography.Link type="danger">删除</Typography.Link>
          </Popconfirm>
        ),
      ],
    },
  ];

  const list = usePagedList('appVersion/list', { actionRef, emptyText: '暂无版本' });
  return (
    <PageContainer title={title}>
      <ListTable<Release>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        {...list}
        search={{ labelWidth: 'auto' }}
        scroll={TABLE_SCROLL}
        toolBarRender={() => [
          <ReleaseForm
            key="create"
            onDone={reload}
            trigger={
              <Button type="primary" icon={<PlusOutlined />}>
                {CONTENT_TEXT.newRelease}
              </Button>
            }
          />,
        ]}
      />
    </PageContainer>
  );
}
