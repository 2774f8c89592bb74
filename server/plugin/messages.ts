import { flowPausedText } from '#contract/text/runs';

/** The refusals of the plug-in's controls (server/plugin/controls.ts) and of `run/start` that they cause. */
export const PLUGIN_MESSAGES = {
  pauseReasonRequired: '请填写暂停原因',
  notPaused: '该流程没有暂停',
  delaysOutOfOrder: '最短等待不能大于最长等待',
  /** `run/start` of a paused flow: the reason staff gave (the console's buttons say the same). */
  paused: flowPausedText,
  /** `run/start` of a join past the day's cap of its platform. */
  dailyCapReached: (cap: number, used: number, asked: number) =>
    `今天已处理 ${used} 个商品，每天至多 ${cap} 个，本次 ${asked} 个将超出上限${used < cap ? `（今天还可以 ${cap - used} 个）` : ''}`,
} as const;
