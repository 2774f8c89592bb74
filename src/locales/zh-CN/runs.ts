/**
 * 运行记录, 插件运行记录 and 首页's last run (src/components/PluginRuns), see
 * src/locales/zh-CN/common.ts for the convention. The flow, status and outcome names are the
 * contract's (contract/text/runs.ts): the server's export writes them too.
 */
export const RUN_UI_TEXT = {
  mineTitle: '我的运行记录',
  allTitle: '全部账号的运行记录',
  empty: '暂无运行记录',
  /** The date filter's label (the table's column is 开始时间). */
  startedRange: '开始日期',
  usernamePlaceholder: '用户名的一部分',
  view: '查看',
  detailTitle: '运行详情',
  runId: '运行编号',
  scripts: '所用脚本',
  noScripts: '未上报',
  scriptVersion: (version: number) => `第 ${version} 版`,
  scriptDeleted: '（已删除）',
  failedStep: '失败的步骤',
  failedScript: (script: string) => `所在脚本：${script}`,
  counts: '成功 / 已在计划中 / 失败',
  items: '商品结果',
  itemsNotReported: '插件一次性处理了整个列表，未逐项上报结果。',
  outcomeFilter: '按结果筛选',
  allOutcomes: (count: number) => `全部（${count}）`,
  outcomeOption: (label: string, count: number) => `${label}（${count}）`,
  productId: '商品 ID',
  outcome: '结果',
  reason: '原因',
  reportedAt: '上报时间',
  noItems: '没有这种结果的商品',
  retry: '重试失败项',
  retryConfirm: (count: number) => `用插件重新加入这 ${count} 个失败的商品 ID？`,
  retryDescription: '将新建一次加入达人计划的运行，正在进行的加入会被停止。',
  retryOk: '重新加入',
  /** 首页's plug-in card. */
  lastRun: '上次运行',
  noRuns: '还没有运行记录',
  viewRuns: '查看运行记录',
} as const;
