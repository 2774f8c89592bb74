/**
 * Script health in 脚本编辑 (issue 30): the success rate of the version the plug-in runs, as a tag
 * in the list, and the steps that failed the plug-in's runs, as warnings on their lines in the editor.
 */
import { Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ScriptHealthSummary, ScriptVersionHealth } from '#contract/api/script';
import { SCRIPT_HEALTH_TEXT as TEXT } from '@/locales/zh-CN/content';
import type { StepNote } from './JsonEditor';

type Counts = Pick<ScriptVersionHealth, 'version' | 'runs' | 'succeeded' | 'partlyFailed' | 'failed' | 'stopped' | 'successRate'>;

/** Green from 90 %, orange from 60 %, red below. */
const rateColor = (rate: number) => (rate >= 0.9 ? 'success' : rate >= 0.6 ? 'warning' : 'error');

export function HealthTag({ health, failingSteps }: { health: Counts | undefined; failingSteps?: number }) {
  if (!health) return <Typography.Text type="secondary">{TEXT.noRuns}</Typography.Text>;
  const details = [
    TEXT.summary(health.version, health.runs, health.succeeded, health.partlyFailed, health.failed, health.stopped),
    ...(failingSteps ? [TEXT.failingSteps(failingSteps)] : []),
  ].join('；');
  return (
    <Tooltip title={details}>
      {health.successRate === null ? (
        <Tag>{TEXT.onlyStopped}</Tag>
      ) : (
        <Tag color={rateColor(health.successRate)}>{TEXT.successRate(health.successRate)}</Tag>
      )}
    </Tooltip>
  );
}

/** The overview's rows by script id. */
export const healthById = (rows: readonly ScriptHealthSummary[] | undefined) => new Map((rows ?? []).map((row) => [row.scriptId, row]));

/** The editor's warnings for the steps of `version` that failed runs. */
export function stepNotes(version: ScriptVersionHealth | undefined): StepNote[] {
  return (version?.steps ?? []).map((step) => ({
    index: step.index,
    message: TEXT.stepNote(step.failures, dayjs(step.lastSeen).format('YYYY-MM-DD HH:mm')),
  }));
}
