/**
 * The business parameters staff set in 系统参数 (issue 32): each an integer with its range and
 * default. The server reads them where the rule they set runs (server/parameter/parameters.ts);
 * the screen and the server validate against these ranges. No TypeBox here: the screens import it.
 */
export interface ParameterDefinition {
  label: string;
  /** How the value is written and shown: a number of days, or an amount in cents shown in yuan. */
  unit: 'days' | 'cents' | 'count';
  min: number;
  max: number;
  defaultValue: number;
  help: string;
}

export const PARAMETERS = {
  commissionHoldDays: {
    label: '佣金结算期',
    unit: 'days',
    min: 0,
    max: 90,
    defaultValue: 7,
    help: '订单支付后佣金先为待结算，过了这些天才可提现；退款时仍在结算期的佣金直接取消。修改后，所有待结算佣金的可提现时间按新结算期重新计算。',
  },
  minWithdrawalCents: {
    label: '最低提现金额',
    unit: 'cents',
    min: 1,
    max: 1_000_000,
    defaultValue: 100,
    help: '单笔提现申请的最低金额。',
  },
  withdrawalFeeCents: {
    label: '提现手续费',
    unit: 'cents',
    min: 0,
    max: 10_000,
    defaultValue: 0,
    help: '每笔提现扣除的手续费：从提现金额中扣除，实际到账为提现金额减手续费。修改只影响之后的申请。',
  },
  dailyWithdrawalCapCents: {
    label: '单日提现上限',
    unit: 'cents',
    min: 100,
    max: 100_000_000,
    defaultValue: 5_000_000,
    help: '每位销售每个营业日（按业务时区）提现申请的总额上限，被驳回的申请不计入。',
  },
  maxPendingWithdrawals: {
    label: '待审核提现笔数上限',
    unit: 'count',
    min: 1,
    max: 50,
    defaultValue: 10,
    help: '每位销售同时待审核的提现申请最多几笔；审核后才能再申请。',
  },
  runRetentionDays: {
    label: '运行记录保留天数',
    unit: 'days',
    min: 7,
    max: 3650,
    defaultValue: 90,
    help: '插件的运行记录（每次绑定、加入和停止，及每个商品的结果）从开始起保留这些天，之后每 10 分钟清理一次。',
  },
  loginLogRetentionDays: {
    label: '登录日志保留天数',
    unit: 'days',
    min: 7,
    max: 3650,
    defaultValue: 30,
    help: '登录和注册尝试（登录日志）保留这些天，之后每 10 分钟清理一次。',
  },
  notificationRetentionDays: {
    label: '通知保留天数',
    unit: 'days',
    min: 7,
    max: 3650,
    defaultValue: 180,
    help: '通知（铃铛里的消息）保留这些天，之后每 10 分钟清理一次。',
  },
} as const satisfies Record<string, ParameterDefinition>;

export type ParameterKey = keyof typeof PARAMETERS;
export type ParameterValues = Record<ParameterKey, number>;
export const PARAMETER_KEYS = Object.keys(PARAMETERS) as ParameterKey[];

export const DEFAULT_PARAMETERS = Object.fromEntries(PARAMETER_KEYS.map((key) => [key, PARAMETERS[key].defaultValue])) as ParameterValues;

/** Why `value` can not be `key`'s value, or null when it can (the screen and the server say the same). */
export function parameterProblem(key: ParameterKey, value: number): string | null {
  const { label, min, max } = PARAMETERS[key];
  if (!Number.isSafeInteger(value)) return `${label}必须是整数`;
  if (value < min || value > max) return `${label}应在 ${min} 到 ${max} 之间`;
  return null;
}
