/** Strings of the users screen that tests also look for. */

/**
 * The pagination's total (ProTable's wording). A text search counts its matches only up to a cap
 * (`totalCapped`): the total is then "at least", shown as `1000+`.
 */
export const accountsTotalText = (total: number, range: [number, number], capped: boolean) =>
  `第 ${range[0]}-${range[1]} 条/总共 ${total}${capped ? '+' : ''} 条`;

/** A row the caller may not act on: its own account, or one holding grants beyond the caller's. */
export const USERS_TEXT = {
  selfShort: '当前账号',
  self: '不能修改自己的角色或状态；修改密码请到个人设置',
  beyondShort: '无权操作',
  export: '导出',
  exportFile: '账号列表',
  exported: (rows: number, truncated: boolean) => (truncated ? `已导出最新的 ${rows} 个账号（超出部分未导出，请缩小筛选范围）` : `已导出 ${rows} 个账号`),
} as const;
