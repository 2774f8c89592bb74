/** 新闻管理: write, edit, publish and unpublish the articles `/news` shows. */
import { PlusOutlined } from '@ant-design/icons';
import { ModalForm, ProFormSwitch, ProFormText, ProFormTextArea, type ActionType, type ProColumns } from '@ant-design/pro-components';
import ListTable from '@/components/ListTable';
import { Button, Popconfirm, Space, Tag, Typography } from 'antd';
import type { ReactElement } from 'react';
import { useRef } from 'react';
import { act } from '@/kit/act';
import { NEWS_BODY_MAX, NEWS_SUMMARY_MAX, NEWS_TITLE_MAX } from '#contract/content';
import { CONTENT_TEXT, NEWS_STATUS_LABELS } from '@/locales/zh-CN/content';
import type { NewsAdminItem } from '#contract/api/news';
import { usePagedList } from '@/services/usePagedList';
import { useFieldErrors } from '@/services/fieldErrors';
import dayjs from '@/kit/dayjs';
import { SYSTEM_LIST_TEXT } from '#contract/text/system';
import { TABLE_SCROLL } from '@/kit/tableLayout';
import { destroyOnHidden } from '@/kit/dialogForm';
import { valueEnumOf } from '@/kit/valueEnum';

interface Values {
  title: string;
  summary: string;
  body: string;
  publish?: boolean;
}

function NewsForm({ article, trigger, onDone }: { article?: NewsAdminItem; trigger: ReactElement; onDone: () => void }) {
  const fieldErrors = useFieldErrors();
  return (
    <ModalForm<Values>
      name={article ? `news-${article.id}` : 'news-new'}
      title={article ? '编辑新闻' : CONTENT_TEXT.newNews}
      width={720}
      trigger={trigger}
      modalProps={destroyOnHidden()}
      initialValues={
        article ? { title: article.title, summary: article.summary, body: article.body } : { summary: '', body: '', publish: false }
      }
      form={fieldErrors.form}
      onFinish={fieldErrors.wrap(async (values) => {
        const fields = { title: values.title.trim(), summary: values.summary ?? '', body: values.body ?? '' };
        const done = article
          ? await act('news/update', { id: article.id, ...fields }, '新闻已更新', onDone)
          : await act(
              'news/create',
              { ...fields, publish: Boolean(values.publish) },
              values.publish ? '新闻已发布' : '新闻已保存为草稿',
              onDone,
            );
        return Boolean(done);
      })}
    >
      <ProFormText
        name="title"
        label="标题"
        rules={[
          { required: true, whitespace: true, message: '请输入标题' },
          { max: NEWS_TITLE_MAX, message: `不能超过 ${NEWS_TITLE_MAX} 个字符` },
        ]}
      />
      <ProFormTextArea name="summary" label="摘要" fieldProps={{ rows: 2, maxLength: NEWS_SUMMARY_MAX, showCount: true }} />
      <ProFormTextArea name="body" label="正文" fieldProps={{ rows: 8, maxLength: NEWS_BODY_MAX, showCount: true }} />
      {!article && <ProFormSwitch name="publish" label="立即发布" />}
    </ModalForm>
  );
}

export default function NewsAdmin() {
  const actionRef = useRef<ActionType>();
  const reload = () => actionRef.current?.reload();

  const columns: ProColumns<NewsAdminItem>[] = [
    { title: '标题', dataIndex: 'title', ellipsis: true },
    {
      title: '状态',
      dataIndex: 'status',
      width: 100,
      valueType: 'select',
      valueEnum: valueEnumOf(NEWS_STATUS_LABELS),
      render: (_, row) =>
        row.publishedAt ? <Tag color="green">{NEWS_STATUS_LABELS.published}</Tag> : <Tag>{NEWS_STATUS_LABELS.draft}</Tag>,
    },
    // Where the card has room (≥1600 px); 编辑 shows it too.
    { title: '摘要', dataIndex: 'summary', search: false, ellipsis: true, width: 240, responsive: ['xxl'] },
    { title: '作者', dataIndex: 'author', search: false, width: 110, ellipsis: true },
    {
      title: SYSTEM_LIST_TEXT.publishedUpdated,
      dataIndex: 'updatedAt',
      search: false,
      width: 170,
      render: (_, row) => (
        <Space direction="vertical" size={0}>
          <span>{row.publishedAt ? dayjs(row.publishedAt).format('YYYY-MM-DD HH:mm') : '-'}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {dayjs(row.updatedAt).format('YYYY-MM-DD HH:mm')}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: '操作',
      valueType: 'option',
      width: 170,
      render: (_, row) => [
        <NewsForm key="edit" article={row} trigger={<a>编辑</a>} onDone={reload} />,
        row.publishedAt ? (
          <Popconfirm
            key="unpublish"
            title="撤回发布？"
            description="撤回后 /news 不再显示这篇新闻。"
            onConfirm={() => act('news/unpublish', { id: row.id }, '已撤回发布', reload)}
          >
            <a>{CONTENT_TEXT.unpublish}</a>
          </Popconfirm>
        ) : (
          <Popconfirm
            key="publish"
            title="发布这篇新闻？"
            description="发布后立即显示在 /news。"
            onConfirm={() => act('news/publish', { id: row.id }, '已发布', reload)}
          >
            <a>{CONTENT_TEXT.publish}</a>
          </Popconfirm>
        ),
        <Popconfirm
          key="delete"
          title={`删除“${row.title}”？`}
          okButtonProps={{ danger: true }}
          onConfirm={() => act('news/delete', { id: row.id }, '已删除', reload)}
        >
          <Typography.Link type="danger">删除</Typography.Link>
        </Popconfirm>,
      ],
    },
  ];

  const list = usePagedList('news/adminList', { actionRef, emptyText: '暂无新闻' });
  return (
    <ListTable<NewsAdminItem>
      rowKey="id"
      actionRef={actionRef}
      columns={columns}
      {...list}
      search={{ labelWidth: 'auto' }}
      scroll={TABLE_SCROLL}
      toolBarRender={() => [
        <NewsForm
          key="create"
          onDone={reload}
          trigger={
            <Button type="primary" icon={<PlusOutlined />}>
              {CONTENT_TEXT.newNews}
            </Button>
          }
        />,
      ]}
    />
  );
}
