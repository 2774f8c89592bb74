/** 脚本管理: which version of each script a release bundles; a published release's bundle is frozen. */
import { PageContainer } from '@ant-design/pro-components';
import { useRouteProps } from '@umijs/max';
import useQueryParam from '@/kit/useQueryParam';
import { useRequest } from 'ahooks';
import { Alert, Button, Card, Descriptions, Empty, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useMemo, useState } from 'react';
import dayjs from '@/kit/dayjs';
import { tryCall } from '@/services/tryCall';
import { CONTENT_TEXT, RELEASE_STATUS_LABELS, SCRIPT_KIND_LABELS } from '@/locales/zh-CN/content';
import type { BundleScript, ReleaseBundle } from '#contract/api/appVersion';
import { TABLE_SCROLL } from '@/kit/tableLayout';
import { message } from '@/kit/feedback';

const NOT_INCLUDED = 0;

export default function ScriptManager() {
  const { title } = useRouteProps();
  const [releaseParam, setReleaseParam] = useQueryParam('release');
  const releaseId = Number(releaseParam) || undefined;
  /** script id → chosen version id (0: not bundled) */
  const [choice, setChoice] = useState<Record<number, number>>({});

  const { data: releases, loading: releasesLoading } = useRequest(async () => {
    const page = await tryCall('appVersion/list', { current: 1, pageSize: 100 });
    return page?.list ?? [];
  });

  useEffect(() => {
    if (!releaseId && releases?.length) setReleaseParam(String(releases[0].id), true);
  }, [releaseId, releases, setReleaseParam]);

  const {
    data: bundle,
    loading,
    mutate,
  } = useRequest(
    async () => {
      if (!releaseId) return undefined;
      return tryCall('appVersion/bundle', { id: releaseId });
    },
    { refreshDeps: [releaseId] },
  );

  const reset = (next: ReleaseBundle | undefined) =>
    setChoice(Object.fromEntries((next?.scripts ?? []).map((script) => [script.scriptId, script.selectedVersionId ?? NOT_INCLUDED])));
  useEffect(() => reset(bundle), [bundle]);

  const dirty = useMemo(
    () =>
      (bundle?.scripts ?? []).some((script) => (script.selectedVersionId ?? NOT_INCLUDED) !== (choice[script.scriptId] ?? NOT_INCLUDED)),
    [bundle, choice],
  );

  const { run: save, loading: saving } = useRequest(
    async () => {
      if (!bundle) return;
      const scriptVersionIds = Object.values(choice).filter((id) => id !== NOT_INCLUDED);
      const saved = await tryCall('appVersion/setBundle', { id: bundle.release.id, scriptVersionIds });
      if (!saved) return;
      message.success('脚本清单已保存');
      mutate(saved);
    },
    { manual: true },
  );

  const frozen = bundle?.frozen ?? true;
  const chooseLatest = () =>
    setChoice(
      Object.fromEntries((bundle?.scripts ?? []).map((script) => [script.scriptId, script.versions[0]?.versionId ?? NOT_INCLUDED])),
    );

  const columns: ColumnsType<BundleScript> = [
    {
      title: '脚本',
      dataIndex: 'name',
      width: 200,
      render: (name, script) => (
        <Space>
          {name}
          {!script.enabled && <Tag>已停用</Tag>}
        </Space>
      ),
    },
    { title: '类型', dataIndex: 'kind', width: 110, render: (kind: BundleScript['kind']) => SCRIPT_KIND_LABELS[kind] },
    { title: '最新版本', dataIndex: 'currentVersion', width: 100, render: (version) => `第 ${version} 版` },
    {
      title: '打包版本',
      key: 'choice',
      width: 320,
      render: (_, script) => (
        <Select<number>
          style={{ width: '100%' }}
          disabled={frozen}
          value={choice[script.scriptId] ?? NOT_INCLUDED}
          onChange={(value) => setChoice((previous) => ({ ...previous, [script.scriptId]: value }))}
          aria-label={`${script.name} 的版本`}
          options={[
            { value: NOT_INCLUDED, label: '不包含' },
            ...script.versions.map((version) => ({
              value: version.versionId,
              label: `第 ${version.version} 版${version.note ? `（${version.note}）` : ''}`,
            })),
          ]}
        />
      ),
    },
  ];

  const release = bundle?.release;

  return (
    <PageContainer title={title}>
      <Card>
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Space wrap>
            <Typography.Text>
              <label htmlFor="script-release-select">版本：</label>
            </Typography.Text>
            <Select<number>
              id="script-release-select"
              style={{ width: 260, maxWidth: '100%' }}
              loading={releasesLoading}
              placeholder="选择一个版本"
              value={releaseId}
              onChange={(id) => setReleaseParam(String(id))}
              options={(releases ?? []).map((item) => ({
                value: item.id,
                label: `${item.version}（${RELEASE_STATUS_LABELS[item.status]}）`,
              }))}
              notFoundContent={<Empty description="暂无版本，请先在版本管理中新建" />}
              data-testid="release-select"
            />
          </Space>
          {release && (
            <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }} bordered>
              <Descriptions.Item label="版本号">{release.version}</Descriptions.Item>
              <Descriptions.Item label="状态">{RELEASE_STATUS_LABELS[release.status]}</Descriptions.Item>
              <Descriptions.Item label="最低支持版本">{release.minSupportedVersion}</Descriptions.Item>
              <Descriptions.Item label="发布时间">
                {release.releasedAt ? dayjs(release.releasedAt).format('YYYY-MM-DD HH:mm') : '未发布'}
              </Descriptions.Item>
            </Descriptions>
          )}
          {bundle?.frozen && <Alert type="info" showIcon message={CONTENT_TEXT.bundleFrozen} />}
          <Table<BundleScript>
            rowKey="scriptId"
            loading={loading}
            columns={columns}
            dataSource={bundle?.scripts ?? []}
            pagination={false}
            scroll={TABLE_SCROLL}
            locale={{ emptyText: <Empty description={releaseId ? '暂无脚本，请先在脚本编辑中新建' : '请选择一个版本'} /> }}
          />
          {bundle && !bundle.frozen && (
            <Space wrap>
              <Button onClick={chooseLatest}>全部选最新版本</Button>
              <Button onClick={() => reset(bundle)} disabled={!dirty}>
                还原
              </Button>
              <Button type="primary" onClick={save} loading={saving} disabled={!dirty}>
                {CONTENT_TEXT.saveBundle}
              </Button>
            </Space>
          )}
        </Space>
      </Card>
    </PageContainer>
  );
}
