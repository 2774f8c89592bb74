/** What the server says about scripts (脚本编辑 and its review). */
export const SCRIPT_MESSAGES = {
  nameTaken: '该名称已被同类脚本使用',
  missing: '该脚本不存在',
  nameRequired: '脚本名称不能为空',
  /** Followed by the plug-in's reason. */
  draftSetBroken: '插件会拒收改动后的整套脚本，未保存：',
  liveSetBroken: '审核通过后插件会拒收整套脚本，未通过：',
  editedMeanwhile: (current: number, base: number) => `脚本已被他人更新到第 ${current} 版（你编辑的是第 ${base} 版），请刷新后再保存`,
  sameContent: '脚本内容与当前版本相同，无需保存',
  versionMissing: '该脚本版本不存在',
  alreadyCurrent: '该版本已是当前版本',
  notRestorable: (version: number, problem: string) => `第 ${version} 版不是有效的脚本，不能恢复：${problem}`,
  restoredNote: (version: number) => `恢复自第 ${version} 版`,
  rolloutRunning: '该脚本有灰度中的版本，请先全量发布或回滚',
  rolloutUnknownAccounts: (usernames: string[]) => `账号不存在：${usernames.join('、')}`,
  noRollout: '该脚本没有灰度中的版本',
  /** The step most failed runs of a version failed at, in its failure notice (healthAlert.ts). */
  failingStep: (index: number, name: string | null) => `第 ${index} 步${name ? `（${name}）` : ''}`,
} as const;
