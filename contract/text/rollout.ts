/**
 * Staged rollout (contract/rollout.ts) in Chinese: why a change can not be rolled out in stages, as
 * the server refuses it and the review drawer explains it beforehand.
 */
import type { RolloutBlocker } from '#contract/rollout';

export const ROLLOUT_BLOCKER_TEXT: Record<RolloutBlocker, string> = {
  needsLive: '灰度发布只用于插件已在使用、且改动后仍启用的脚本',
  renamed: '灰度发布不能同时改名：请先全部发布改名，或撤回改名',
  sameVersion: '版本没有变化，无需灰度发布',
};

/** A cohort with no account named and a share of 0 %. */
export const ROLLOUT_EMPTY_TEXT = '请指定灰度账号或比例';
