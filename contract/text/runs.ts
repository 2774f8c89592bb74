/**
 * 运行记录 (issue 30): the Chinese names of a run's flow, status and item outcomes. Both the
 * console (运行记录, 插件运行记录, 首页's plug-in card) and the server's export write them.
 */
import type { RunFlow, RunItemOutcome, RunStatus } from '#contract/runs';

export const RUN_FLOW_TEXT: Record<RunFlow, string> = {
  bind: '绑定店铺',
  join: '加入达人计划',
  stop: '停止',
};

/** A paused flow (the kill switch), as `run/start` refuses it and the console's buttons explain it. */
export const flowPausedText = (flow: RunFlow, reason: string) => `${RUN_FLOW_TEXT[flow]}已暂停：${reason}`;

export const RUN_STATUS_TEXT: Record<RunStatus, string> = {
  running: '运行中',
  succeeded: '成功',
  partlyFailed: '部分失败',
  failed: '失败',
  stopped: '已停止',
};

/** `pending`: the plug-in has not reported the id (yet, or ever: the run ended before it, or took the list whole). */
export const RUN_ITEM_OUTCOME_TEXT: Record<RunItemOutcome, string> = {
  pending: '未上报',
  joined: '已加入',
  alreadyJoined: '已在计划中',
  failed: '失败',
};

/** The step a run failed at, as the screens and the export say it: 第 4 步（click）：找不到元素. */
export function failedStepText(step: { index: number | null; name: string | null; message: string }): string {
  if (step.index === null) return step.name ? `${step.name}：${step.message}` : step.message;
  return `第 ${step.index} 步${step.name ? `（${step.name}）` : ''}：${step.message}`;
}
