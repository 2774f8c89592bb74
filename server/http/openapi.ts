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
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { ApiCall, AuthLevel } from '#contract/api/define';
import { CODE_MESSAGES, CODES } from '#contract/codes';
import { API_PREFIX } from '#contract/constants';
import { API_DOC_TEXT } from './messages';
import { fail, ok } from './respond';
import { Refusal } from '../refusal';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

const BEARER = 'bearer';

const codeTable = Object.entries(CODE_MESSAGES)
  .map(([code, message]) => `| \`${code}\` | ${message} |`)
  .join('\n');

const DESCRIPTION = API_DOC_TEXT.description(API_PREFIX, codeTable);

/** Who may call, in words (the operation's description and `x-grants`). */
export function grantText(auth: AuthLevel): string {
  if (auth === 'public' || auth === 'account' || auth === 'plugin') return API_DOC_TEXT.grants[auth];
  return API_DOC_TEXT.grants.menus(auth.anyGrant.map((url) => `\`${url}\``).join('、'), auth.action);
}

/** The operation of one call: its route schema with the contract's words and examples. */
export function operationSchema(path: string, contract: ApiCall, schema: Record<string, unknown>) {
  const response = (schema.response ?? {}) as Record<string, TSchema>;
  return {
    ...schema,
    operationId: path.replace('/', '_'),
    tags: [path.split('/')[0]],
    summary: contract.summary,
    description: [
      contract.description,
      `${API_DOC_TEXT.grantsHeading}${grantText(contract.auth)}${contract.stepUp ? API_DOC_TEXT.stepUp : ''}`,
    ]
      .filter(Boolean)
      .join('\n\n'),
    'x-step-up': contract.stepUp ?? false,
    security: contract.auth === 'public' ? [] : [{ [BEARER]: [] }],
    'x-grants': contract.auth,
    body: { ...(schema.body as object), examples: [contract.example.body] },
    response: contract.download
      ? {
          200: {
            description: API_DOC_TEXT.download,
            content: {
              'text/csv': { schema: { type: 'string', description: API_DOC_TEXT.csv } },
              'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: { type: 'string', format: 'binary' } },
              'application/json': { schema: { type: 'object', description: API_DOC_TEXT.refusal }, example: fail(CODES.BAD_PARAMETERS) },
            },
          },
        }
      : {
          ...response,
          200: {
            ...response[200],
            description: API_DOC_TEXT.success,
            examples: [ok(contract.example.answer)],
          },
        },
  };
}

/**
 * Who may read the document when it is not public: throws a `Refusal` (A0230 without a live session,
 * A0301 without the grant) for anyone else.
 */
export type DocumentReader = (request: FastifyRequest) => Promise<void>;

/** The reader's own copies of the document: `<DOCS_PATH>/json` and `/yaml`. */
const isDocument = (url: string) => url === OPENAPI_PATH || /^\/api\/docs\/(json|yaml)(\?|$)/.test(url);

/** Answers a refused reader of the document with the wrapper, as 401 or 403 so the reader page says why. */
function guardDocument(reader: DocumentReader): onRequestHookHandler {
  return (request, reply, done) => {
    if (!isDocument(request.url)) return done();
    reader(request).then(
      () => done(),
      (error: unknown) => {
        if (!(error instanceof Refusal)) return done(error as Error);
        void reply.code(error.code === CODES.LOGIN_EXPIRED ? 401 : 403).send(fail(error.code, error.message));
      },
    );
  };
}

/**
 * The reader page sends the console's session token with its requests (same origin: the tab's
 * sessionStorage, or localStorage after 记住我), so staff signed in to the console can read it.
 * Serialised into the page's script by @fastify/swagger-ui: it must stand alone.
 */
function sendConsoleToken(request: { [key: string]: any }) {
  const token = window.sessionStorage.getItem('token') || window.localStorage.getItem('token');
  if (token) request.headers = { ...request.headers, Authorization: 'Bearer ' + token };
  return request;
}

/** Mounts the document and its reader; `reader`, when given, decides who may read the document. */
export async function registerOpenApi(app: FastifyInstance, reader?: DocumentReader) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: API_DOC_TEXT.title, version: '1', description: DESCRIPTION },
      components: { securitySchemes: { [BEARER]: { type: 'http', scheme: 'bearer', description: API_DOC_TEXT.bearer } } },
    },
    transform({ schema, url, route }) {
      const contract = route.config?.contract;
      if (!contract || !url.startsWith(`${API_PREFIX}/`)) return { schema: { ...schema, hide: true }, url };
      return { schema: operationSchema(url.slice(API_PREFIX.length + 1), contract, schema as Record<string, unknown>), url };
    },
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PATH,
    uiConfig: { docExpansion: 'list', defaultModelsExpandDepth: 0, requestInterceptor: sendConsoleToken },
    uiHooks: reader ? { onRequest: guardDocument(reader) } : undefined,
  });
  app.get(OPENAPI_PATH, { schema: { hide: true }, onRequest: reader ? guardDocument(reader) : undefined }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return app.swagger();
  });
}
