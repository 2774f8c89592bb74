/**
 * 运行详情: one run (`run/get`) — its summary, the scripts it ran, the step it failed at, and a
 * join's product ids with their outcomes (filtered by outcome). A member may start a join again
 * with exactly the ids that failed (重试失败项, through the plug-in, after a confirmation); staff
 * read any member's run and retry nothing.
 */
import { useModel } from '@umijs/max';
import { Button, Descriptions, Drawer, Grid, Popconfirm, Select, Skeleton, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import type { RunDetail, RunItem } from '#contract/api/run';
import { RUN_ITEM_OUTCOMES, type RunItemOutcome } from '#contract/runs';
import { platformLabel } from '#contract/shopPlatforms';
import { RUN_COLUMNS as C } from '#contract/text/exports';
import { failedStepText, RUN_ITEM_OUTCOME_TEXT } from '#contract/text/runs';
import { CREATOR_PAGE } from '@/extensionBridge/platform';
import { RUN_UI_TEXT as TEXT } from '@/locales/zh-CN/runs';
import { tryCall } from '@/services/tryCall';
import { ListLoadFailed } from '@/services/usePagedList';
import { flowText, OutcomeTag, RunCounts, runSeconds, RunStatusTag } from './display';

const DRAWER_WIDTH = 720;

type OutcomeFilter = RunItemOutcome | 'all';

const itemColumns: TableColumnsType<RunItem> = [
  {
    title: TEXT.productId,
    dataIndex: 'productId',
    width: 170,
    render: (productId: string) => (
      <Typography.Text copyable style={{ whiteSpace: 'nowrap' }}>
        {productId}
      </Typography.Text>
    ),
  },
  { title: TEXT.outcome, dataIndex: 'outcome', width: 110, render: (outcome: RunItemOutcome) => <OutcomeTag outcome={outcome} /> },
  { title: TEXT.reason, dataIndex: 'reason', width: 220, render: (reason: string | null) => reason ?? '-' },
  { title: TEXT.reportedAt, dataIndex: 'reportedAt', width: 170, render: (at: string | null) => runSeconds(at) },
];

/** The scripts the run ran: name, version and id (a deleted script by its id). */
function ScriptList({ run }: { run: RunDetail }) {
  if (run.scripts.length === 0) return <Typography.Text type="secondary">{TEXT.noScripts}</Typography.Text>;
  return (
    <Space direction="vertical" size={0}>
      {run.scripts.map((script) => (
        <span key={`${script.scriptId}-${script.version}`}>
          {script.name ?? TEXT.scriptDeleted} {TEXT.scriptVersion(script.version)}
          <Typography.Text type="secondary">（#{script.scriptId}）</Typography.Text>
        </span>
      ))}
    </Space>
  );
}

/** The step the run failed at, and the script it belongs to when the plug-in named it. */
function FailedStep({ run }: { run: RunDetail }) {
  const step = run.failedStep!;
  const script = step.scriptId === null ? undefined : run.scripts.find((item) => item.scriptId === step.scriptId);
  return (
    <Space direction="vertical" size={0}>
      <Typography.Text type={run.status === 'stopped' ? undefined : 'danger'} data-testid="run-failed-step">
        {failedStepText(step)}
      </Typography.Text>
      {step.scriptId !== null && (
        <Typography.Text type="secondary">
          {TEXT.failedScript(`${script?.name ?? TEXT.scriptDeleted}（#${step.scriptId}）`)}
        </Typography.Text>
      )}
    </Space>
  );
}

function Summary({ run, staff }: { run: RunDetail; staff: boolean }) {
  const join = run.flow === 'join';
  const items = [
    { key: 'id', label: TEXT.runId, children: run.id },
    ...(staff ? [{ key: 'account', label: C.username, children: run.account.username }] : []),
    { key: 'flow', label: C.flow, children: flowText(run) },
    { key: 'platform', label: C.platform, children: platformLabel(run.platform) },
    { key: 'status', label: C.status, children: <RunStatusTag status={run.status} /> },
    { key: 'startedAt', label: C.startedAt, children: runSeconds(run.startedAt) },
    { key: 'endedAt', label: C.endedAt, children: runSeconds(run.endedAt) },
    ...(join
      ? [
          { key: 'itemCount', label: C.itemCount, children: run.itemCount },
          { key: 'counts', label: TEXT.counts, children: <RunCounts run={run} /> },
        ]
      : []),
    { key: 'scripts', label: TEXT.scripts, children: <ScriptList run={run} /> },
    ...(run.failedStep
      ? [{ key: 'failedStep', label: run.status === 'stopped' ? TEXT.stopReason : TEXT.failedStep, children: <FailedStep run={run} /> }]
      : []),
  ];
  return <Descriptions column={1} size="small" items={items} />;
}

/** A join's product ids and their outcomes, filtered by outcome. */
function Items({ run }: { run: RunDetail }) {
  const [outcome, setOutcome] = useState<OutcomeFilter>('all');
  const counts = useMemo(() => {
    const byOutcome = Object.fromEntries(RUN_ITEM_OUTCOMES.map((value) => [value, 0])) as Record<RunItemOutcome, number>;
    for (const item of run.items) byOutcome[item.outcome] += 1;
    return byOutcome;
  }, [run.items]);
  const shown = outcome === 'all' ? run.items : run.items.filter((item) => item.outcome === outcome);
  // A script that took the list whole (or a built-in adapter) reports no item: the run succeeded as a whole.
  const wholeList = run.status === 'succeeded' && counts.pending === run.items.length;
  const options = [
    { value: 'all', label: TEXT.allOutcomes(run.items.length) },
    ...RUN_ITEM_OUTCOMES.filter((value) => counts[value] > 0).map((value) => ({
      value,
      label: TEXT.outcomeOption(RUN_ITEM_OUTCOME_TEXT[value], counts[value]),
    })),
  ];
  return (
    <section aria-labelledby="run-items-title" style={{ marginTop: 24 }}>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }} wrap>
        <Typography.Title level={3} id="run-items-title" style={{ fontSize: 16, margin: 0 }}>
          {TEXT.items}
        </Typography.Title>
        <Select<OutcomeFilter>
          aria-label={TEXT.outcomeFilter}
          value={outcome}
          onChange={setOutcome}
          options={options}
          style={{ minWidth: 160 }}
          data-testid="run-outcome-filter"
        />
      </Space>
      {wholeList && (
        <Typography.Paragraph type="secondary" data-testid="run-whole-list">
          {TEXT.itemsNotReported}
        </Typography.Paragraph>
      )}
      <Table<RunItem>
        rowKey="productId"
        size="small"
        columns={itemColumns}
        dataSource={shown}
        scroll={{ x: 670 }}
        pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
        locale={{ emptyText: TEXT.noItems }}
      />
    </section>
  );
}

/** 重试失败项: a new join of exactly the run's failed ids, confirmed first; the server checks the quota at run/start. */
function RetryFailed({ failedIds, onStarted }: { failedIds: string[]; onStarted: () => void }) {
  const plugin = useModel('extension');
  return (
    <Popconfirm
      title={TEXT.retryConfirm(failedIds.length)}
      description={TEXT.retryDescription}
      okText={TEXT.retryOk}
      onConfirm={async () => {
        if (await plugin.joinCreator(failedIds, CREATOR_PAGE)) onStarted();
      }}
    >
      <Button type="primary" loading={plugin.running === 'join'} disabled={Boolean(plugin.running)}>
        {TEXT.retry}
      </Button>
    </Popconfirm>
  );
}

export interface RunDrawerProps {
  /** The run shown (its id is read again with its items); undefined keeps the drawer closed. */
  run: { id: number } | undefined;
  /** 插件运行记录: the account shown, no 重试. */
  staff: boolean;
  onClose: () => void;
  /** A retry started a new join: the list reads again. */
  onRetried: () => void;
}

export default function RunDrawer({ run, staff, onClose, onRetried }: RunDrawerProps) {
  const screens = Grid.useBreakpoint();
  const [detail, setDetail] = useState<RunDetail>();
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const id = run?.id;

  useEffect(() => {
    setDetail(undefined);
    setFailed(false);
    if (id === undefined) return undefined;
    let current = true;
    void tryCall('run/get', { id })
      .catch(() => undefined)
      .then((answer) => {
        if (!current) return;
        if (answer) setDetail(answer);
        else setFailed(true);
      });
    return () => {
      current = false;
    };
  }, [id, attempt]);

  const failedIds = useMemo(() => detail?.items.filter((item) => item.outcome === 'failed').map((item) => item.productId) ?? [], [detail]);
  const retry =
    !staff && detail && detail.flow === 'join' && detail.status !== 'running' && failedIds.length > 0 ? (
      <RetryFailed failedIds={failedIds} onStarted={onRetried} />
    ) : undefined;

  return (
    <Drawer
      title={TEXT.detailTitle}
      open={run !== undefined}
      onClose={onClose}
      extra={retry}
      width={screens.sm === false ? '100%' : DRAWER_WIDTH}
      destroyOnHidden
    >
      {failed ? (
        <ListLoadFailed onRetry={() => setAttempt((count) => count + 1)} />
      ) : !detail ? (
        <Skeleton active />
      ) : (
        <>
          <Summary run={detail} staff={staff} />
          {detail.flow === 'join' && <Items key={detail.id} run={detail} />}
        </>
      )}
    </Drawer>
  );
}
