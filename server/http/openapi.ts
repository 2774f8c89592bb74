/**
 * The API document, built by @fastify/swagger from the same registry that mounts the calls: each
 * call's route carries its contract (route config), and `transform` turns it into the operation's
 * summary, description, grants, security, tag and examples. `/api/openapi.json` serves the
 * document and `/api/docs` a reader (swagger-ui, its own scripts and styles: no schema library
 * reaches the console's bundles). Every other route (health, media, the console's files) is left out.
 */
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { TSchema } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { ApiCall, AuthLevel } from '#contract/api/define';
import { CODE_MESSAGES, CODES } from '#contract/codes';
import { API_PREFIX } from '#contract/constants';
import { fail, ok } from './respond';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

const BEARER = 'bearer';

const codeTable = Object.entries(CODE_MESSAGES)
  .map(([code, message]) => `| \`${code}\` | ${message} |`)
  .join('\n');

const DESCRIPTION = `创作者控制台的接口。每个调用都是 \`POST ${API_PREFIX}/<模块>/<动作>\`，请求体为 JSON，
应答一律为 \`{ isSuccess, code, msg, content }\`：成功时 \`isSuccess\` 为 true、\`code\` 为 \`00000\`，
\`content\` 为各调用的应答结构；业务拒绝同样是 HTTP 200，\`isSuccess\` 为 false，\`msg\` 为中文原因，
参数错误时 \`content.field\` 可能指出出错的字段。需要登录的调用在 \`Authorization: Bearer <token>\`
中带上 \`account/login\` 返回的令牌。

| code | 含义 |
| --- | --- |
${codeTable}`;

/** Who may call, in words (the operation's description and `x-grants`). */
export function grantText(auth: AuthLevel): string {
  if (auth === 'public') return '无需登录。';
  if (auth === 'account') return '需要登录（任何账户）。';
  if (auth === 'plugin') return '需要插件令牌（plugin/token 签发，随其会话失效）；会话自己的令牌答复 A0301。';
  const menus = auth.anyGrant.map((url) => `\`${url}\``).join('、');
  const action = auth.action ? `，并拥有操作权限 \`${auth.action}\`` : '';
  return `需要登录，并拥有以下菜单之一：${menus}${action}。`;
}

/** The operation of one call: its route schema with the contract's words and examples. */
export function operationSchema(path: string, contract: ApiCall, schema: Record<string, unknown>) {
  const response = (schema.response ?? {}) as Record<string, TSchema>;
  return {
    ...schema,
    operationId: path.replace('/', '_'),
    tags: [path.split('/')[0]],
    summary: contract.summary,
    description: [contract.description, `**权限**：${grantText(contract.auth)}`].filter(Boolean).join('\n\n'),
    security: contract.auth === 'public' ? [] : [{ [BEARER]: [] }],
    'x-grants': contract.auth,
    body: { ...(schema.body as object), examples: [contract.example.body] },
    response: contract.download
      ? {
          200: {
            description:
              '成功：文件本身（Content-Disposition 给出中文文件名）；文件开始之前的业务拒绝为 JSON 包装（isSuccess 为 false，见错误码表）',
            content: {
              'text/csv': { schema: { type: 'string', description: 'UTF-8，带 BOM' } },
              'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: { type: 'string', format: 'binary' } },
              'application/json': { schema: { type: 'object', description: '业务拒绝' }, example: fail(CODES.BAD_PARAMETERS) },
            },
          },
        }
      : {
          ...response,
          200: {
            ...response[200],
            description: '成功；业务拒绝同为 HTTP 200（isSuccess 为 false，见错误码表）',
            examples: [ok(contract.example.answer)],
          },
        },
  };
}

export async function registerOpenApi(app: FastifyInstance) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: '创作者控制台 API', version: '1', description: DESCRIPTION },
      components: { securitySchemes: { [BEARER]: { type: 'http', scheme: 'bearer', description: 'account/login 返回的 token' } } },
    },
    transform({ schema, url, route }) {
      const contract = route.config?.contract;
      if (!contract || !url.startsWith(`${API_PREFIX}/`)) return { schema: { ...schema, hide: true }, url };
      return { schema: operationSchema(url.slice(API_PREFIX.length + 1), contract, schema as Record<string, unknown>), url };
    },
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PATH,
    uiConfig: { docExpansion: 'list', defaultModelsExpandDepth: 0 },
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return app.swagger();
  });
}
