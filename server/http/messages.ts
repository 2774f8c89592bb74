/** The HTTP layer's own sentences: refusals of a request as a whole, the exports' limits, the API document's words. */
import { CODE_MESSAGES, CODES } from '#contract/codes';

const BAD_PARAMETERS = CODE_MESSAGES[CODES.BAD_PARAMETERS];

export const HTTP_MESSAGES = {
  bodyTooLarge: `${BAD_PARAMETERS}：请求体过大`,
  bodyNotJsonType: `${BAD_PARAMETERS}：请求体应为 JSON`,
  bodyNotJson: `${BAD_PARAMETERS}：请求体不是有效的 JSON`,
  noSuchCall: '接口不存在',
} as const;

export const EXPORT_TEXT = {
  tooMany: (rows: number, max: number) =>
    `${BAD_PARAMETERS}：符合条件的记录有 ${rows} 条，超过单次导出上限 ${max} 条，请缩小筛选范围后再导出`,
  busy: '正在进行的导出较多，请等当前导出完成后再试',
} as const;

/** The API document (server/http/openapi.ts). */
export const API_DOC_TEXT = {
  title: '创作者控制台 API',
  bearer: 'account/login 返回的 token',
  description: (
    apiPrefix: string,
    codeTable: string,
  ) => `创作者控制台的接口。每个调用都是 \`POST ${apiPrefix}/<模块>/<动作>\`，请求体为 JSON，
应答一律为 \`{ isSuccess, code, msg, content }\`：成功时 \`isSuccess\` 为 true、\`code\` 为 \`00000\`，
\`content\` 为各调用的应答结构；业务拒绝同样是 HTTP 200，\`isSuccess\` 为 false，\`msg\` 为中文原因，
参数错误时 \`content.field\` 可能指出出错的字段。需要登录的调用在 \`Authorization: Bearer <token>\`
中带上 \`account/login\` 返回的令牌。

| code | 含义 |
| --- | --- |
${codeTable}`,
  stepUp: '敏感操作：本会话须在最近 STEP_UP_SECONDS 秒内（默认 300）登录或通过 account/stepUp 验证过密码，否则答复 A0214。',
  grants: {
    public: '无需登录。',
    account: '需要登录（任何账户）。',
    plugin: '需要插件令牌（plugin/token 签发，随其会话失效）；会话自己的令牌答复 A0301。',
    menus: (menus: string, action: string | undefined) =>
      `需要登录，并拥有以下菜单之一：${menus}${action ? `，并拥有操作权限 \`${action}\`` : ''}。`,
  },
  grantsHeading: '**权限**：',
  download: '成功：文件本身（Content-Disposition 给出中文文件名）；文件开始之前的业务拒绝为 JSON 包装（isSuccess 为 false，见错误码表）',
  csv: 'UTF-8，带 BOM',
  refusal: '业务拒绝',
  success: '成功；业务拒绝同为 HTTP 200（isSuccess 为 false，见错误码表）',
} as const;
