/**
 * 插件运行记录's 暂停与节奏 (the kill switch and pacing, `plugin/controls`): the paused flows with
 * their reasons and 恢复, 暂停流程 (a flow, one platform or every platform, a reason members read),
 * and each platform's pacing with 设置. Holders of 暂停与节奏 change them; other staff read them.
 */
import { ModalForm, ProFormDigit, ProFormSelect, ProFormTextArea } from '@ant-design/pro-components';
import { useAccess } from '@umijs/max';
import { Alert, Button, Card, List, Popconfirm, Space, Table, Tag, Typography, type FormRule } from 'antd';
import type { PlatformPacing, PluginControls, PluginPause } from '#contract/api/plugin';
import { PACING_LIMITS, PAUSABLE_FLOWS, PAUSE_REASON_MAX, type PausableFlow } from '#contract/runs';
import { SHOP_PLATFORMS, platformLabel, type ShopPlatform } from '#contract/shopPlatforms';
import { RUN_FLOW_TEXT } from '#contract/text/runs';
import { act } from '@/kit/act';
import { destroyOnHidden } from '@/kit/dialogForm';
import { PLUGIN_CONTROL_TEXT as TEXT } from '@/locales/zh-CN/runs';
import { usePluginControls } from '@/extensionBridge/pluginPauses';
import { runTime } from './display';

/** The card's two parts are the page's second level, under its title (axe reads the order). */
const SECTION_HEADING = { fontSize: 14, marginTop: 0 } as const;

/** The select's value for every platform (the call's `null`). */
const ALL = 'all' as const;
const FLOW_OPTIONS = PAUSABLE_FLOWS.map((flow) => ({ value: flow, label: RUN_FLOW_TEXT[flow] }));
const PLATFORM_OPTIONS = [{ value: ALL, label: TEXT.allPlatforms }, ...SHOP_PLATFORMS.map(({ value, label }) => ({ value, label }))];

const scopeText = (pause: Pick<PluginPause, 'flow' | 'platform'>) =>
  `${RUN_FLOW_TEXT[pause.flow]} · ${pause.platform === null ? TEXT.allPlatforms : platformLabel(pause.platform)}`;

/** The longest wait is at least the shortest (the server refuses it too). */
const DELAY_MAX_RULES: FormRule[] = [
  { required: true },
  ({ getFieldValue }) => ({
    validator: (_, value: number | undefined) =>
      value === undefined || value >= (getFieldValue('delayMinMs') ?? 0)
        ? Promise.resolve()
        : Promise.reject(new Error(TEXT.delaysOutOfOrder)),
  }),
];

function PauseButton({ onChanged }: { onChanged: (controls: PluginControls) => void }) {
  return (
    <ModalForm<{ flow: PausableFlow; platform: ShopPlatform | typeof ALL; reason: string }>
      title={TEXT.pauseTitle}
      width={480}
      layout="vertical"
      trigger={<Button danger>{TEXT.pause}</Button>}
      modalProps={destroyOnHidden({ okText: TEXT.pause, okButtonProps: { danger: true } })}
      initialValues={{ flow: 'join', platform: ALL }}
      onFinish={async ({ flow, platform, reason }) => {
        const answer = await act('plugin/pause', { flow, platform: platform === ALL ? null : platform, reason }, TEXT.paused);
        if (answer && answer !== true) onChanged(answer);
        return Boolean(answer);
      }}
    >
      <Alert type="warning" showIcon message={TEXT.pauseHelp} style={{ marginBottom: 16 }} />
      <ProFormSelect name="flow" label={TEXT.flow} options={FLOW_OPTIONS} allowClear={false} rules={[{ required: true }]} />
      <ProFormSelect name="platform" label={TEXT.platform} options={PLATFORM_OPTIONS} allowClear={false} rules={[{ required: true }]} />
      <ProFormTextArea
        name="reason"
        label={TEXT.reason}
        placeholder={TEXT.reasonPlaceholder}
        fieldProps={{ maxLength: PAUSE_REASON_MAX, showCount: true, rows: 3 }}
        rules={[{ required: true, whitespace: true, message: `请填写${TEXT.reason}` }]}
      />
    </ModalForm>
  );
}

function PacingButton({ pacing, onChanged }: { pacing: PlatformPacing; onChanged: (controls: PluginControls) => void }) {
  const { platform, itemsPerMinute, delayMinMs, delayMaxMs, dailyCap } = pacing;
  return (
    <ModalForm<Omit<PlatformPacing, 'platform' | 'custom'>>
      title={TEXT.pacingTitle(platformLabel(platform))}
      width={480}
      layout="vertical"
      trigger={<Typography.Link>{TEXT.setPacing}</Typography.Link>}
      modalProps={destroyOnHidden()}
      initialValues={{ itemsPerMinute, delayMinMs, delayMaxMs, dailyCap }}
      onFinish={async (values) => {
        const answer = await act('plugin/setPacing', { platform, ...values }, TEXT.pacingSaved);
        if (answer && answer !== true) onChanged(answer);
        return Boolean(answer);
      }}
    >
      <Typography.Paragraph type="secondary">{TEXT.pacingHelp}</Typography.Paragraph>
      <ProFormDigit
        name="itemsPerMinute"
        label={TEXT.itemsPerMinute}
        min={PACING_LIMITS.itemsPerMinute.min}
        max={PACING_LIMITS.itemsPerMinute.max}
        fieldProps={{ precision: 0 }}
        rules={[{ required: true }]}
      />
      <ProFormDigit
        name="delayMinMs"
        label={TEXT.delayMin}
        min={PACING_LIMITS.delayMs.min}
        max={PACING_LIMITS.delayMs.max}
        fieldProps={{ precision: 0, step: 500 }}
        rules={[{ required: true }]}
      />
      <ProFormDigit
        name="delayMaxMs"
        label={TEXT.delayMax}
        min={PACING_LIMITS.delayMs.min}
        max={PACING_LIMITS.delayMs.max}
        fieldProps={{ precision: 0, step: 500 }}
        dependencies={['delayMinMs']}
        rules={DELAY_MAX_RULES}
      />
      <ProFormDigit
        name="dailyCap"
        label={TEXT.dailyCap}
        min={PACING_LIMITS.dailyCap.min}
        max={PACING_LIMITS.dailyCap.max}
        fieldProps={{ precision: 0 }}
        rules={[{ required: true }]}
      />
    </ModalForm>
  );
}

export default function ControlsCard() {
  const { canControlPluginRuns } = useAccess();
  // Another staff member's pause or resume arrives live, through the bell.
  const { data, mutate } = usePluginControls();
  const changed = (controls: PluginControls) => mutate(controls);

  const columns = [
    { title: TEXT.platform, dataIndex: 'platform', render: (platform: string) => platformLabel(platform) },
    { title: TEXT.itemsPerMinute, dataIndex: 'itemsPerMinute' },
    { title: TEXT.delay, key: 'delay', render: (_: unknown, row: PlatformPacing) => TEXT.delayRange(row.delayMinMs, row.delayMaxMs) },
    { title: TEXT.dailyCap, dataIndex: 'dailyCap' },
    {
      title: TEXT.source,
      key: 'custom',
      render: (_: unknown, row: PlatformPacing) => (row.custom ? <Tag color="blue">{TEXT.custom}</Tag> : <Tag>{TEXT.default}</Tag>),
    },
    ...(canControlPluginRuns
      ? [{ title: '操作', key: 'action', render: (_: unknown, row: PlatformPacing) => <PacingButton pacing={row} onChanged={changed} /> }]
      : []),
  ];

  return (
    <Card
      title={TEXT.title}
      style={{ marginBottom: 16 }}
      loading={!data}
      extra={canControlPluginRuns ? <PauseButton onChanged={changed} /> : null}
      data-testid="plugin-controls"
    >
      {!canControlPluginRuns && <Typography.Paragraph type="secondary">{TEXT.readOnly}</Typography.Paragraph>}
      <Typography.Title level={2} style={SECTION_HEADING}>
        {TEXT.pausesHeading}
      </Typography.Title>
      {data && data.pauses.length === 0 ? (
        <Typography.Paragraph type="secondary">{TEXT.noPauses}</Typography.Paragraph>
      ) : (
        <List
          dataSource={data?.pauses ?? []}
          rowKey={(pause) => `${pause.flow}:${pause.platform ?? ALL}`}
          renderItem={(pause) => (
            <List.Item
              actions={
                canControlPluginRuns
                  ? [
                      <Popconfirm
                        key="resume"
                        title={TEXT.resumeConfirm}
                        onConfirm={async () => {
                          const answer = await act('plugin/resume', { flow: pause.flow, platform: pause.platform }, TEXT.resumed);
                          if (answer && answer !== true) changed(answer);
                        }}
                      >
                        <Button size="small">{TEXT.resume}</Button>
                      </Popconfirm>,
                    ]
                  : []
              }
            >
              <Space direction="vertical" size={2}>
                <Space wrap>
                  <Tag color="red">{TEXT.paused}</Tag>
                  <Typography.Text strong>{scopeText(pause)}</Typography.Text>
                </Space>
                <Typography.Text>{pause.reason}</Typography.Text>
                <Typography.Text type="secondary">{TEXT.pausedAt(runTime(pause.pausedAt))}</Typography.Text>
              </Space>
            </List.Item>
          )}
        />
      )}
      <Typography.Title level={2} style={{ ...SECTION_HEADING, marginTop: 16 }}>
        {TEXT.pacingHeading}
      </Typography.Title>
      <Table<PlatformPacing>
        rowKey="platform"
        size="small"
        pagination={false}
        columns={columns}
        dataSource={data?.pacing ?? []}
        scroll={{ x: 'max-content' }}
      />
    </Card>
  );
}
