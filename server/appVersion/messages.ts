/** What the server says about plug-in releases (版本管理). */
export const RELEASE_MESSAGES = {
  missing: '该版本不存在',
  versionTaken: (version: string) => `版本号 ${version} 已存在`,
  versionNotHigher: (highest: string) => `版本号应高于已有的最高版本 ${highest}`,
  publishedNeedsDownload: '已发布的版本必须有下载地址',
  onlyDraftOrWithdrawnPublish: '只有草稿或已撤回的版本可以发布',
  onlyPublishedWithdraw: '只有已发布的版本可以撤回',
  downloadBeforePublish: '发布前请填写下载地址',
  onlyDraftDelete: '只有草稿可以删除，已发布的版本请撤回',
  unknownScriptVersions: '所选脚本版本中有不存在的版本',
  oneVersionPerScript: '同一脚本只能选择一个版本',
} as const;
