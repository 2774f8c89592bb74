/** How a run reads on 运行记录, 插件运行记录 and 首页's plug-in card: its status tag, its counts, its times. */
import { Space, Tag, Typography } from 'antd';
import type { RunSummary } from '#contract/api/run';
import type { RunItemOutcome, RunStatus } from '#contract/runs';
import { RUN_FLOW_TEXT, RUN_ITEM_OUTCOME_TEXT, RUN_STATUS_TEXT } from '#contract/text/runs';
import dayjs from '@/kit/dayjs';
import { NO_WRAP } from '@/kit/tableWidth';
import { valueEnumOf } from '@/kit/valueEnum';

const STATUS_COLOR: Record<RunStatus, string> = {
  running: 'processing',
  succeeded: 'success',
  partlyFailed: 'warning',
  failed: 'error',
  stopped: 'default',
};

const OUTCOME_COLOR: Record<RunItemOutcome, string> = {
  pending: 'default',
  joined: 'success',
  alreadyJoined: 'processing',
  failed: 'error',
};

export const FLOW_ENUM = valueEnumOf(RUN_FLOW_TEXT);
export const STATUS_ENUM = valueEnumOf(RUN_STATUS_TEXT);

export const runTime = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '-');
export const runSeconds = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : '-');

export function RunStatusTag({ status }: { status: RunStatus }) {
  return (
    <Tag color={STATUS_COLOR[status]} style={{ marginInlineEnd: 0 }}>
      {RUN_STATUS_TEXT[status]}
    </Tag>
  );
}

export function OutcomeTag({ outcome }: { outcome: RunItemOutcome }) {
  return (
    <Tag color={OUTCOME_COLOR[outcome]} style={{ marginInlineEnd: 0 }}>
      {RUN_ITEM_OUTCOME_TEXT[outcome]}
    </Tag>
  );
}

/** A join's 成功 / 已在计划中 / 失败; a bind or a stop has no products: a dash. */
export function RunCounts({ run }: { run: Pick<RunSummary, 'flow' | 'joined' | 'alreadyJoined' | 'failed'> }) {
  if (run.flow !== 'join') return <Typography.Text type="secondary">-</Typography.Text>;
  return (
    <Space size={4} style={NO_WRAP}>
      <Typography.Text type={run.joined ? 'success' : undefined}>{run.joined}</Typography.Text>/
      <Typography.Text>{run.alreadyJoined}</Typography.Text>/
      <Typography.Text type={run.failed ? 'danger' : undefined}>{run.failed}</Typography.Text>
    </Space>
  );
}

/** The flow's name. */
export const flowText = (run: Pick<RunSummary, 'flow'>) => RUN_FLOW_TEXT[run.flow];
