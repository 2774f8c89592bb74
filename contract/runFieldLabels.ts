/**
 * The Chinese names of the run calls' body fields (contract/api/run.ts), of the plug-in's pacing
 * (plugin/setPacing) and of a script's staged rollout (script/approve), whose forms label their own
 * fields: kept apart from contract/fieldLabels.ts, which the console's login page carries, and read
 * with it by the server's validation messages (server/http/validation.ts).
 */
export const RUN_FIELD_LABELS: Record<string, string> = {
  batch: '批次',
  dailyCap: '每天上限',
  delayMaxMs: '最长等待',
  delayMinMs: '最短等待',
  ending: '运行结果',
  failedStep: '失败的步骤',
  flow: '流程',
  index: '步骤序号',
  items: '商品结果',
  itemsPerMinute: '每分钟商品数',
  message: '说明',
  outcome: '结果',
  percent: '灰度比例',
  productId: '商品 ID',
  productIds: '商品 ID',
  rollout: '灰度发布',
  runId: '运行编号',
  scriptId: '脚本',
  scripts: '脚本',
  startedFrom: '开始时间（起）',
  startedTo: '开始时间（止）',
  usernames: '灰度账号',
};
