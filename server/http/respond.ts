/** The answer wrapper `{ isSuccess, code, msg, content }` (a refusal's own module: server/refusal.ts). */
import { Type, type TSchema } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import { CODE_MESSAGES, CODES, type Code } from '#contract/codes';
import type { ApiResponse } from '#contract/api';
import type { RawJson } from '../context';

/** A success: the wrapper around `content`. */
export interface Success<T> extends ApiResponse<T> {
  isSuccess: true;
  code: typeof CODES.OK;
}

export function ok<T>(content: T, msg: string = CODE_MESSAGES[CODES.OK]): Success<T> {
  return { isSuccess: true, code: CODES.OK, msg, content };
}

export function fail(code: Code, msg: string = CODE_MESSAGES[code], content: unknown = null): ApiResponse<unknown> {
  return { isSuccess: false, code, msg, content };
}

const OK_PREFIX = `{"isSuccess":true,"code":${JSON.stringify(CODES.OK)},"msg":${JSON.stringify(CODE_MESSAGES[CODES.OK])},"content":`;

/** The success wrapper around pre-serialised content, as a JSON string. */
export const okRaw = (content: RawJson) => `${OK_PREFIX}${content.json}}`;

/** The schema of a success wrapping `content`: what the server serialises a call's answer with. */
export const successAnswer = <T extends TSchema>(content: T) =>
  Type.Object({
    isSuccess: Type.Literal(true),
    code: Type.Literal(CODES.OK),
    msg: Type.String(),
    content,
  });

/** Sends a failure wrapper as JSON text, past the route's success serialiser. */
export const sendFailure = (reply: FastifyReply, answer: ApiResponse<unknown>) => {
  reply.answerCode = answer.code;
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(answer));
};
