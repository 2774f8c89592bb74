/**
 * The largest request body the server reads for a call (Fastify's `bodyLimit`; uploads have their
 * own limits, server/http/mediaRoutes.ts). A larger one answers HTTP 413 with A0400 参数错误：请求体过大.
 * The umi mock endpoints keep no more of a body than this plus one byte (mock/support/jsonBody.ts).
 */
export const BODY_LIMIT_BYTES = 1024 * 1024;
