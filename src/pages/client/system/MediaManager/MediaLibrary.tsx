/** The media library: upload (drag and drop, several at once, with progress), browse as a grid or a list, preview, rename, delete. */
import { AppstoreOutlined, BarsOutlined, InboxOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { ModalForm, ProFormText } from '@ant-design/pro-components';
import { usePagination } from 'ahooks';
import {
  Card,
  Empty,
  Form,
  Image,
  Input,
  List,
  Modal,
  Pagination,
  Popconfirm,
  Segmented,
  Select,
  Space,
  Table,
  Tag,
  Typography,
  Upload,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { UploadChangeParam, UploadFile } from 'antd/es/upload';
import { useState } from 'react';
import { tryCall } from '@/services/tryCall';
import { message } from '@/kit/feedback';
import { getToken } from '@/auth/session';
import { act } from '@/kit/act';
import type { ApiResponse } from '#contract/api';
import type { MediaItem } from '#contract/api/media';
import { formatBytes, MEDIA_ACCEPT, MEDIA_KIND_LABELS, MEDIA_NAME_MAX, MEDIA_UPLOAD_URL, type MediaKind } from '#contract/content';
import { CONTENT_TEXT } from '@/locales/zh-CN/content';
import dayjs from '@/kit/dayjs';
import { useFieldErrors } from '@/services/fieldErrors';
import { TABLE_SCROLL } from '@/kit/tableLayout';
import { destroyOnHidden } from '@/kit/dialogForm';

type View = 'grid' | 'list';

/**
 * A multiple of the grid's 2, 3, 4 and 6 columns, used by the list view too (switching views keeps
 * the page). Not the lists' 10: it would leave the last grid row of a full page half empty.
 */
const PAGE_SIZE = 12;

function RenameMedia({ item, onDone }: { item: MediaItem; onDone: () => void }) {
  const fieldErrors = useFieldErrors();
  return (
    <ModalForm<{ name: string }>
      name={`media-${item.id}`}
      title="重命名素材"
      width={420}
      trigger={<a>重命名</a>}
      modalProps={destroyOnHidden()}
      initialValues={{ name: item.name }}
      form={fieldErrors.form}
      onFinish={fieldErrors.wrap(async ({ name }) => {
        return Boolean(await act('media/rename', { id: item.id, name: name.trim() }, '已重命名', onDone));
      })}
    >
      <ProFormText
        name="name"
        label="名称"
        rules={[
          { required: true, whitespace: true, message: '请输入名称' },
          { max: MEDIA_NAME_MAX, message: `不能超过 ${MEDIA_NAME_MAX} 个字符` },
        ]}
      />
    </ModalForm>
  );
}

function DeleteMedia({ item, onDone }: { item: MediaItem; onDone: () => void }) {
  return (
    <Popconfirm
      title={`删除“${item.name}”？`}
      description="文件将被永久删除，引用它的地方会失效。"
      okButtonProps={{ danger: true }}
      onConfirm={async () => {
        await act('media/delete', { id: item.id }, '已删除', onDone);
      }}
    >
      <Typography.Link type="danger">删除</Typography.Link>
    </Popconfirm>
  );
}

const meta = (item: MediaItem) =>
  `${MEDIA_KIND_LABELS[item.kind]} · ${formatBytes(item.sizeBytes)} · ${dayjs(item.createdAt).format('YYYY-MM-DD HH:mm')}`;

export default function MediaLibrary() {
  const [kind, setKind] = useState<MediaKind | undefined>();
  const [name, setName] = useState('');
  const [view, setView] = useState<View>('grid');
  const [playing, setPlaying] = useState<MediaItem | null>(null);
  const [uploads, setUploads] = useState<UploadFile[]>([]);

  const { data, loading, pagination, refresh } = usePagination(
    async ({ current, pageSize }) => {
      const page = await tryCall('media/list', { current, pageSize, kind, name: name.trim() || undefined });
      return page ? { list: page.list, total: page.total } : { list: [], total: 0 };
    },
    { defaultPageSize: PAGE_SIZE, refreshDeps: [kind, name] },
  );

  const onUploadChange = ({ file, fileList }: UploadChangeParam<UploadFile<ApiResponse<MediaItem>>>) => {
    // The upload is antd Upload's own request (multipart, not callApi): its answer is the wrapper itself.
    if (file.status === 'done' && file.response && !file.response.isSuccess) {
      // The server answered with a refusal (type, size…): show it on the file and as a message.
      file.status = 'error';
      (file as UploadFile).error = new Error(file.response.msg);
      message.error(`${file.name}：${file.response.msg}`);
    } else if (file.status === 'done') {
      message.success(`${file.name} 上传成功`);
    } else if (file.status === 'error') {
      message.error(`${file.name} 上传失败`);
    }
    setUploads(fileList.map((entry) => (entry.uid === file.uid ? { ...file } : entry)));
    if (fileList.every((entry) => entry.status !== 'uploading')) refresh();
  };

  const preview = (item: MediaItem, height: number) =>
    item.kind === 'image' ? (
      <Image src={item.url} alt={item.name} height={height} width="100%" style={{ objectFit: 'cover' }} />
    ) : item.kind === 'video' ? (
      <div
        onClick={() => setPlaying(item)}
        style={{ height, background: '#1f1f1f', display: 'flex', alignItems: 'center', justifyContent: 'center', cursor: 'pointer' }}
        title="播放"
      >
        <video src={item.url} preload="metadata" muted style={{ maxHeight: height, maxWidth: '100%' }} />
        <PlayCircleOutlined style={{ position: 'absolute', fontSize: 40, color: 'rgba(255,255,255,0.85)' }} />
      </div>
    ) : (
      <div style={{ height }} />
    );

  const columns: ColumnsType<MediaItem> = [
    {
      title: '预览',
      key: 'preview',
      width: 96,
      render: (_, item) => <div style={{ width: 72, position: 'relative' }}>{preview(item, 48)}</div>,
    },
    { title: '名称', dataIndex: 'name', ellipsis: true },
    { title: '类型', dataIndex: 'kind', width: 80, render: (value: MediaKind) => <Tag>{MEDIA_KIND_LABELS[value]}</Tag> },
    { title: '大小', dataIndex: 'sizeBytes', width: 100, render: (value: number) => formatBytes(value) },
    { title: '上传人', dataIndex: 'uploader', width: 120 },
    { title: '上传时间', dataIndex: 'createdAt', width: 170, render: (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm:ss') },
    {
      title: '操作',
      key: 'actions',
      width: 190,
      render: (_, item) => (
        <Space>
          <Typography.Link copyable={{ text: new URL(item.url, window.location.origin).toString(), tooltips: ['复制链接', '已复制'] }} />
          <RenameMedia item={item} onDone={refresh} />
          <DeleteMedia item={item} onDone={refresh} />
        </Space>
      ),
    },
  ];

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Upload.Dragger
        multiple
        name="file"
        action={MEDIA_UPLOAD_URL}
        accept={MEDIA_ACCEPT}
        headers={{ Authorization: `Bearer ${getToken() ?? ''}` }}
        fileList={uploads}
        onChange={onUploadChange}
        onRemove={(file) => {
          setUploads((previous) => previous.filter((entry) => entry.uid !== file.uid));
          return true;
        }}
        data-testid="media-upload"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{CONTENT_TEXT.uploadHint}</p>
        <p className="ant-upload-hint">支持一次选择多个文件；图片 PNG、JPEG、GIF、WebP，视频 MP4、WebM、MOV（不支持 SVG）</p>
      </Upload.Dragger>

      <Card size="small">
        <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
          <Form layout="inline">
            {/* Filters outside a form's fields: each label names its control by id. */}
            <Form.Item label="类型" htmlFor="media-kind-filter">
              <Select<MediaKind | undefined>
                id="media-kind-filter"
                style={{ width: 120 }}
                allowClear
                placeholder="全部"
                value={kind}
                onChange={setKind}
                options={(['image', 'video'] as const).map((value) => ({ value, label: MEDIA_KIND_LABELS[value] }))}
              />
            </Form.Item>
            <Form.Item label="名称" htmlFor="media-name-filter">
              <Input.Search id="media-name-filter" allowClear placeholder="按名称搜索" onSearch={setName} style={{ width: 220 }} />
            </Form.Item>
          </Form>
          <Segmented<View>
            value={view}
            onChange={(value) => {
              setView(value);
              pagination.changeCurrent(1);
            }}
            options={[
              { value: 'grid', icon: <AppstoreOutlined />, label: '网格' },
              { value: 'list', icon: <BarsOutlined />, label: '列表' },
            ]}
          />
        </Space>
      </Card>

      {view === 'grid' ? (
        <Card size="small" loading={loading && !data}>
          <List<MediaItem>
            grid={{ gutter: 16, xs: 1, sm: 2, md: 3, lg: 4, xl: 4, xxl: 6 }}
            dataSource={data?.list ?? []}
            locale={{ emptyText: <Empty description="暂无素材，拖拽文件到上方上传" /> }}
            renderItem={(item) => (
              <List.Item>
                <Card
                  size="small"
                  hoverable
                  cover={<div style={{ position: 'relative', overflow: 'hidden' }}>{preview(item, 150)}</div>}
                  actions={[
                    <RenameMedia key="rename" item={item} onDone={refresh} />,
                    <DeleteMedia key="delete" item={item} onDone={refresh} />,
                  ]}
                  data-testid="media-card"
                >
                  <Card.Meta
                    title={<Typography.Text ellipsis={{ tooltip: item.name }}>{item.name}</Typography.Text>}
                    description={meta(item)}
                  />
                </Card>
              </List.Item>
            )}
          />
        </Card>
      ) : (
        <Table<MediaItem>
          rowKey="id"
          size="middle"
          loading={loading}
          columns={columns}
          dataSource={data?.list ?? []}
          pagination={false}
          scroll={TABLE_SCROLL}
          locale={{ emptyText: <Empty description="暂无素材" /> }}
        />
      )}
      <Pagination
        align="end"
        current={pagination.current}
        pageSize={pagination.pageSize}
        total={pagination.total}
        onChange={pagination.onChange}
        showSizeChanger
        pageSizeOptions={[PAGE_SIZE, PAGE_SIZE * 2, PAGE_SIZE * 4]}
        showTotal={(total) => `共 ${total} 个`}
      />

      <Modal open={playing !== null} onCancel={() => setPlaying(null)} footer={null} title={playing?.name} width={760} destroyOnHidden>
        {playing && <video src={playing.url} controls autoPlay style={{ width: '100%', maxHeight: '70vh', background: '#000' }} />}
      </Modal>
    </Space>
  );
}
