/**
 * The plug-in's releases as the console shows them (the header's notice, 首页's plug-in card and
 * the refusal of the flows), see src/locales/zh-CN/common.ts for the convention.
 */
export const PLUGIN_RELEASE_TEXT = {
  /** The header's notice and the card's title when a newer release is published. */
  updateAvailable: '插件有新版本',
  /** The same when the plug-in's version is below the latest release's minimum. */
  updateRequired: '插件需要更新',
  newVersion: (version: string) => `插件有新版本 v${version}`,
  current: (version: string | null) => (version ? `当前插件 v${version}` : '当前插件版本未知'),
  changelog: '更新说明',
  noChangelog: '（无更新说明）',
  download: '下载新版本',
  /** The title of the refusal (dialog) and of the card's alert. */
  outdatedTitle: '插件版本过低',
  outdated: (current: string | null, minimum: string) =>
    `${current ? `当前插件 v${current} ` : '当前插件'}低于最低支持版本 v${minimum}，请先更新插件，再绑定店铺、加入达人计划或停止邀约。`,
  /** A plug-in of an old bridge protocol (it would expect the console's own login token): it is given nothing. */
  protocolOutdated: (current: string | null) =>
    `${current ? `当前插件 v${current} ` : '当前插件'}使用的通信方式已停用，请安装最新版本的插件，再绑定店铺、加入达人计划或停止邀约。`,
} as const;

/** Where to get the plug-in (src/extensionBridge/InstallLink.tsx): the store page or the latest release. */
export const PLUGIN_INSTALL_TEXT = {
  install: '安装插件',
  goInstall: '前往安装插件',
  installBrowser: '安装浏览器插件',
  /** Neither a store address is configured nor a release published. */
  unavailable: '暂无可安装的插件版本，请联系管理员',
  releaseTitle: (version: string) => `下载插件 v${version}`,
} as const;
