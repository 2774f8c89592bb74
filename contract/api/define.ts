/**
 * The shape of one call's contract. Each `contract/api/<domain>.ts` declares its calls with
 * `defineApi`, keyed by path; the server mounts them (server/http/calls.ts), the OpenAPI document
 * is built from them, and the console's `callApi` is typed by them (only as types: no schema
 * reaches a browser bundle).
 */
import type { Static, TSchema } from '@sinclair/typebox';
import type { ActionUrl, CapabilityUrl } from '../capabilities';

/**
 * Who may call: `public` anyone; `account` any logged-in account; `plugin` the browser plug-in, with
 * the plug-in token its console session asked for (`plugin/token`: never the session's own bearer
 * token, and the plug-in token is refused on every other call); `anyGrant` an account granted one
 * of these menu urls and, with `action`, that action menu too (a sensitive operation).
 */
export type AuthLevel = 'public' | 'account' | 'plugin' | { anyGrant: readonly CapabilityUrl[]; action?: ActionUrl };

export interface ApiCall<B extends TSchema = TSchema, R extends TSchema = TSchema, A extends AuthLevel = AuthLevel> {
  /** One line in Chinese: what the call does (the OpenAPI summary). */
  summary: string;
  /** More, when the summary is not enough: rules, refusals, side effects. */
  description?: string;
  auth: A;
  /** The JSON body; validated by the server before the handler runs (A0400 otherwise). */
  body: B;
  /** The `content` of a success; the server serialises the answer with it (nothing else leaks). */
  answer: R;
  /** A body and its answer, as the document shows them; checked against the schemas by a test. */
  example: { body: Static<B>; answer: Static<R> };
  /**
   * Answered with an `ETag` and `304 Not Modified` when `If-None-Match` already names it: for
   * reads a client polls.
   */
  etag?: boolean;
  /**
   * Answered with a file (an export: CSV or Excel, streamed) instead of the JSON wrapper; a refusal
   * before the file starts is the usual wrapper. See contract/api/exports.ts.
   */
  download?: boolean;
  /**
   * A sensitive call (ASVS 7.5.3): the session must have proved its holder's identity lately (its
   * sign-in or `account/stepUp` within the server's STEP_UP_SECONDS), otherwise A0214; the console
   * then asks for the password and sends the call again.
   */
  stepUp?: true;
}

export const defineApi = <B extends TSchema, R extends TSchema, const A extends AuthLevel>(call: ApiCall<B, R, A>) => call;
