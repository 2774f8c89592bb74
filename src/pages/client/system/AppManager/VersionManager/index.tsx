/**
 * 版本管理: plug-in releases, their status and release time. Publishing, withdrawing and editing a
 * published release are requests a second account approves (审核, contract/review.ts).
 */
import { PlusOutlined } from '@ant-design/icons';
import { PageContainer, type ActionType, type ProColumns } from '@ant-design/pro-components';
import ListTable from '@/components/ListTable';
import { history, useAccess, useRouteProps } from '@umijs/max';
import { Button, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import { useRef, useState } from 'react';
import { act } from '@/kit/act';
import { RELEASE_CHANGE_LABELS } from '#contract/review';
import type { ReleaseStatus } from '#contract/content';
import { CONTENT_TEXT, RELEASE_STATUS_LABELS, REVIEW_UI_TEXT } from '@/locales/zh-CN/content';
import type { Release } from '#contract/api/appVersion';
import { usePagedList } from '@/services/usePagedList';
import ReleaseForm from './ReleaseForm';
import ReleaseReview from './ReleaseReview';
import { TABLE_SCROLL } from '@/kit/tableLayout';
import { valueEnumOf } from '@/kit/valueEnum';

const STATUS_COLORS: Record<ReleaseStatus, string> = { draft: 'default', published: 'green', withdrawn: 'orange' };

export const SCRIPT_MANAGER_PATH = '/client/system/appManager/scriptManager';

export default function VersionManager() {
  const { title } = useRouteProps();
  const actionRef = useRef<ActionType>();
  const reload = () => actionRef.current?.reload();
  const access = useAccess();
  const [reviewing, setReviewing] = useState<Release | null>(null);

  const columns: ProColumns<Release>[] = [
    { title: '版本号', dataIndex: 'version', width: 110, render: (_, row) => <Typography.Text strong>{row.version}</Typography.Text> },
    {
      title: '状态',
      dataIndex: 'status',
      width: 130,
      valueType: 'select',
      valueEnum: valueEnumOf(RELEASE_STATUS_LABELS),
      render: (_, row) => (
        <Space size={4} wrap>
          <Tag color={STATUS_COLORS[row.status]}>{RELEASE_STATUS_LABELS[row.status]}</Tag>
          {row.pendingChange && (
            <Tooltip title={`${row.pendingBy ?? ''} 申请${RELEASE_CHANGE_LABELS[row.pendingChange.action]}，等待另一位审核人审核`}>
              <Tag color="orange">
                {REVIEW_UI_TEXT.pending}：{RELEASE_CHANGE_LABELS[row.pendingChange.action]}
              </Tag>
            </Tooltip>
          )}
        </Space>
      ),
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
    { title: '发布时间', dataIndex: 'releasedAt', valueType: 'dateTime', search: false, width: 160 },
    {
      title: '操作',
      valueType: 'option',
      width: 220,
      render: (_, row) => [
        <a key="scripts" onClick={() => history.push(`${SCRIPT_MANAGER_PATH}?release=${row.id}`)}>
          脚本
        </a>,
        !row.pendingChange && <ReleaseForm key="edit" release={row} trigger={<a>编辑</a>} onDone={reload} />,
        !row.pendingChange && row.status !== 'published' && (
          <Popconfirm
            key="publish"
            title={`申请发布 ${row.version}？`}
            description="另一位审核人通过后插件才可获取此版本，脚本清单随之冻结。"
            onConfirm={() => act('appVersion/publish', { id: row.id }, REVIEW_UI_TEXT.requested, reload)}
          >
            <a>{REVIEW_UI_TEXT.requestPublish}</a>
          </Popconfirm>
        ),
        !row.pendingChange && row.status === 'published' && (
          <Popconfirm
            key="withdraw"
            title={`申请撤回 ${row.version}？`}
            description="另一位审核人通过后插件不再获取此版本。"
            onConfirm={() => act('appVersion/withdraw', { id: row.id }, REVIEW_UI_TEXT.requested, reload)}
          >
            <a>{REVIEW_UI_TEXT.requestWithdraw}</a>
          </Popconfirm>
        ),
        row.pendingChange && access.canApproveScript && (
          <a key="review" onClick={() => setReviewing(row)}>
            {REVIEW_UI_TEXT.review}
          </a>
        ),
        row.pendingChange && (
          <Popconfirm
            key="cancel"
            title={`撤销 ${row.version} 的申请？`}
            description="版本保持原样。"
            onConfirm={() => act('appVersion/cancelRequest', { id: row.id }, '已撤销申请', reload)}
          >
            <a>{REVIEW_UI_TEXT.cancelRequest}</a>
          </Popconfirm>
        ),
        row.status === 'draft' && (
          <Popconfirm
            key="delete"
            title={`删除草稿 ${row.version}？`}
            onConfirm={() => act('appVersion/delete', { id: row.id }, '已删除', reload)}
          >
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
      <ReleaseReview release={reviewing} onClose={() => setReviewing(null)} onApproved={reload} />
    </PageContainer>
  );
}
