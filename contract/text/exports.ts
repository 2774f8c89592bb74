/**
 * 导出 (issue 15): the file names and the column headers of each exported list — the screen's
 * column titles, one source: the screens' tables take their titles from here and the server's
 * exports (server/exports/plans.ts) write them as the file's header row. Plain objects, so that
 * the server may import them as it imports ROUTE_TITLES.
 */

export const EXPORT_TEXT = {
  button: '导出',
  csv: '导出 CSV',
  xlsx: '导出 Excel',
  exporting: '正在导出…',
  done: (rows: number) => `已导出 ${rows} 条记录`,
  failed: '导出失败，请稍后重试',
} as const;

/** Each list's file title (the file is `<title>-<YYYYMMDD>.csv`). */
export const EXPORT_TITLES = {
  accounts: '用户列表',
  orders: '订单列表',
  withdrawals: '提现审批',
  sales: '销售管理',
  shops: '用户店铺',
  auditLog: '操作日志',
  loginLog: '登录日志',
  securityEvents: '安全事件',
  ledger: '销售收支记录',
  referrals: '邀请的账号',
  pluginRuns: '运行记录',
  payout: (batchId: number) => `打款批次${batchId}`,
  statement: (month: string) => `月度对账单${month}`,
} as const;

/** A payout batch's bank file (打款文件): one row per withdrawal, what the bank needs to pay it. */
export const BANK_FILE_COLUMNS = {
  payee: '收款人',
  bank: '开户银行',
  card: '收款卡号',
  payout: '打款金额（元）',
  reference: '参考号',
  username: '销售账号',
  amount: '申请金额（元）',
  fee: '手续费（元）',
} as const;

/** A monthly statement's file: one row per line of the statement. */
export const STATEMENT_COLUMNS = { line: '项目', amount: '金额（元）' } as const;

/** 推广中心 › 邀请的账号. */
export const REFERRAL_COLUMNS = {
  username: '用户名',
  createdAt: '注册时间',
  level: '会员等级',
  expiresAt: '会员到期',
  paidOrders: '已支付订单',
  commission: '佣金（元）',
} as const;

export const ACCOUNT_COLUMNS = {
  id: 'ID',
  username: '用户名',
  email: '邮箱',
  status: '状态',
  roles: '角色',
  membership: '会员',
  membershipExpiresAt: '会员到期',
  createdAt: '注册时间',
} as const;

/** The 订单列表 详情 drawer's fields (the table combines some in one cell); money columns say 元. */
export const ORDER_COLUMNS = {
  orderNo: '订单号',
  account: '账户',
  level: '套餐',
  durationDays: '时长（天）',
  amount: '金额（元）',
  status: '状态',
  channel: '支付方式',
  salesperson: '销售',
  commission: '佣金（元）',
  createdAt: '创建时间',
  paidAt: '支付时间',
  closedAt: '关闭时间',
  expiresBefore: '支付前有效期至',
  expiresAfter: '会员有效期至',
  operator: '操作人',
  note: '备注',
} as const;

export const LEDGER_COLUMNS = {
  createdAt: '时间',
  kind: '类型',
  amount: '金额（元）',
  balanceAfter: '余额（元）',
  holdStatus: '结算状态',
  availableAt: '可提现时间',
  reference: '关联',
  note: '备注',
} as const;

/** The 详情 drawer's fields of a withdrawal (the table combines some of them in one cell). */
export const WITHDRAWAL_COLUMNS = {
  username: '申请人',
  amount: '金额（元）',
  fee: '手续费（元）',
  payout: '实际到账（元）',
  status: '状态',
  card: '收款银行卡',
  holder: '持卡人',
  createdAt: '申请时间',
  note: '备注',
  reviewer: '审核人',
  reviewedAt: '审核时间',
  reason: '驳回原因',
} as const;

export const SALE_COLUMNS = {
  username: '用户名',
  email: '邮箱',
  inviteCode: '邀请码',
  commissionRate: '佣金比例',
  status: '状态',
  referredCount: '推荐账号数',
  balance: '可提现（元）',
  pending: '待结算（元）',
  owed: '待扣回（元）',
  createdAt: '成为销售时间',
} as const;

export const SHOP_COLUMNS = {
  username: '账号',
  name: '店铺名称',
  platform: '平台',
  externalId: '店铺 ID',
  region: '地区',
  status: '状态',
  boundAt: '绑定时间',
  unboundAt: '解绑时间',
} as const;

export const AUDIT_COLUMNS = {
  at: '时间',
  actor: '操作人',
  action: '操作',
  targetType: '对象类型',
  target: '对象',
  ip: 'IP',
} as const;

export const LOGIN_LOG_COLUMNS = {
  at: '时间',
  username: '账号',
  kind: '类型',
  result: '结果',
  ip: 'IP',
  userAgent: '浏览器',
} as const;

export const SECURITY_EVENT_COLUMNS = {
  at: '时间',
  kind: '类型',
  username: '账号',
  path: '接口',
  ip: 'IP',
  userAgent: '浏览器',
  detail: '详情',
} as const;

/** 运行记录 and 插件运行记录 (the account column only on the staff's). */
export const RUN_COLUMNS = {
  startedAt: '开始时间',
  username: '账号',
  flow: '流程',
  platform: '平台',
  status: '状态',
  itemCount: '商品数',
  joined: '成功',
  alreadyJoined: '已在计划中',
  failed: '失败',
  endedAt: '结束时间',
  failedStep: '失败原因',
} as const;
