/** The workspace: the bar of open pages (多页签) and the settings drawer (界面设置); tests and e2e read them. */
export const TABS_TEXT = {
  /** The bar's landmark. */
  bar: '已打开的页面',
  closeOthers: '关闭其他',
  closeRight: '关闭右侧',
  refresh: '刷新',
  /** The button that opens the menu above for the page shown (the keyboard's way to it). */
  actions: '页签操作',
  /** Each tab's close button (antd names it "remove"). */
  close: '关闭页签',
} as const;

export const SETTINGS_DRAWER_TEXT = {
  open: '界面设置',
  title: '界面设置',
  theme: '主题',
  light: '亮色',
  dark: '暗色',
  compact: '紧凑模式',
  layout: '导航模式',
  layouts: { mix: '混合导航', side: '侧边导航', top: '顶部导航' },
  tabs: '多页签',
  primary: '主题色',
  /** The note under the settings: what they apply to and where they are kept. */
  note: '设置保存在本浏览器中，只作用于控制台页面。',
} as const;
