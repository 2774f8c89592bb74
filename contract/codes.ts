/** Answer codes (Alibaba Java manual scheme, product.md) with their default messages. */
export const CODES = {
  OK: '00000',
  USERNAME_TAKEN: 'A0111',
  NO_SUCH_ACCOUNT: 'A0201',
  ACCOUNT_DISABLED: 'A0202',
  WRONG_PASSWORD: 'A0210',
  TOO_MANY_PASSWORD_ATTEMPTS: 'A0211',
  PASSWORD_CHANGE_REQUIRED: 'A0212',
  ONE_TIME_PASSWORD_EXPIRED: 'A0213',
  STEP_UP_REQUIRED: 'A0214',
  SECOND_FACTOR_REQUIRED: 'A0215',
  ENROLMENT_REQUIRED: 'A0216',
  WRONG_SECOND_FACTOR: 'A0217',
  LOGIN_EXPIRED: 'A0230',
  NOT_AUTHORISED: 'A0301',
  BAD_PARAMETERS: 'A0400',
  TOO_MANY_REQUESTS: 'A0501',
  SERVER_ERROR: 'B0001',
} as const;

export type Code = (typeof CODES)[keyof typeof CODES];

export const CODE_MESSAGES: Record<Code, string> = {
  '00000': '成功',
  A0111: '用户名已存在',
  A0201: '账户不存在',
  A0202: '账户已停用',
  A0210: '用户名或密码错误',
  A0211: '密码错误次数过多，请 10 分钟后再试',
  A0212: '请先把管理员生成的临时密码改为自己的密码',
  A0213: '临时密码已过期，请联系管理员重新生成',
  A0214: '这是敏感操作，请先输入登录密码验证身份',
  A0215: '请完成两步验证',
  A0216: '您的角色要求两步验证，请先设置',
  A0217: '验证码不正确或已用过',
  A0230: '登录已过期，请重新登录',
  A0301: '没有访问权限',
  A0400: '参数错误',
  A0501: '请求过于频繁，请稍后再试',
  B0001: '系统繁忙，请稍后再试',
};
