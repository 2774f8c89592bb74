/**
 * The registry's safety net under every call's body schema (issue 12: bad input is A0400, never
 * B0001). Whatever a call's schema says, `registerCalls` validates its body against
 * `hardenBodySchema(schema)`, which
 *
 * - bounds every integer (and number) the schema leaves unbounded to PostgreSQL's `integer`
 *   (a bound the schema gives is kept: a bigint amount says so itself), so 2^31 or 1e21 never
 *   reaches a column or a `limit`;
 * - marks every string `textSafe`: no NUL and no lone surrogate, which PostgreSQL refuses.
 *
 * and the server's ajv (server/app.ts) has the `textSafe` keyword and a `date-time` format that
 * also keeps the instant within what PostgreSQL stores. A new call gets all of it for free.
 */
import { INT4_MAX, INT4_MIN } from '#contract/api/common';

type Schema = Record<string | symbol, unknown>;

/** What `storableDateTimeFormat` uses of Fastify's ajv (v8, private to @fastify/ajv-compiler). */
interface AjvFormats {
  formats: Record<string, unknown>;
  addFormat(name: string, format: { type: 'string'; validate: (text: string) => boolean }): unknown;
}

/** The keyword the hardened schemas put on every string. */
export const TEXT_SAFE_KEYWORD = 'textSafe';

/** A NUL, or a UTF-16 surrogate without its pair. */
// eslint-disable-next-line no-control-regex -- matching NUL is the point: PostgreSQL text can not hold it
const UNSAFE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether PostgreSQL can store the text as it is (no NUL, no lone surrogate). */
export const isSafeText = (text: string) => !UNSAFE_TEXT.test(text);

/** The ajv keyword (for Fastify's `ajv.customOptions.keywords`). */
export const textSafeKeyword = {
  keyword: TEXT_SAFE_KEYWORD,
  type: 'string',
  schemaType: 'boolean',
  errors: false,
  validate: (enabled: boolean, data: string) => !enabled || isSafeText(data),
} as const;

/** Keywords whose values are data, not schemas: never walked. */
const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'examples']);

const typesOf = (schema: Schema): unknown[] => (schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type]);

const isPlainObject = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A copy of a body schema with int4 bounds on every unbounded integer or number and `textSafe` on
 * every string (the original is left as it is; TypeBox's symbol keys are kept).
 */
export function hardenBodySchema<S>(schema: S): S {
  const harden = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(harden);
    if (!isPlainObject(node)) return node;
    const copy: Schema = {};
    for (const key of Reflect.ownKeys(node)) {
      const value = node[key];
      copy[key] = typeof key === 'string' && DATA_KEYWORDS.has(key) ? value : harden(value);
    }
    const types = typesOf(node);
    if (types.includes('integer') || types.includes('number')) {
      if (copy.minimum === undefined && copy.exclusiveMinimum === undefined) copy.minimum = INT4_MIN;
      if (copy.maximum === undefined && copy.exclusiveMaximum === undefined) copy.maximum = INT4_MAX;
    }
    if (types.includes('string')) copy[TEXT_SAFE_KEYWORD] = true;
    return copy;
  };
  return harden(schema) as S;
}

/** The earliest and latest instants PostgreSQL's `timestamptz` takes as an ISO string (years 1–9999, UTC). */
const EARLIEST = Date.parse('0001-01-01T00:00:00.000Z');
const LATEST = Date.parse('9999-12-31T23:59:59.999Z');
/** PostgreSQL refuses a zone displacement beyond ±15:59 ("time zone displacement out of range"). */
const OFFSET = /([+-])(\d\d):?(\d\d)$/;

/** Whether an RFC 3339 date-time (already well-formed) is an instant PostgreSQL stores. */
export function isStorableDateTime(text: string): boolean {
  const offset = OFFSET.exec(text);
  if (offset && Number(offset[2]) > 15) return false;
  const instant = Date.parse(text.toUpperCase());
  return Number.isFinite(instant) && instant >= EARLIEST && instant <= LATEST;
}

/**
 * For Fastify's `ajv.onCreate` (after ajv-formats): `date-time` is ajv-formats' RFC 3339 check and
 * `isStorableDateTime`.
 */
export function storableDateTimeFormat(ajv: AjvFormats) {
  const base = ajv.formats['date-time'];
  const wellFormed = typeof base === 'function' ? base : isPlainObject(base) ? base.validate : undefined;
  if (typeof wellFormed !== 'function') throw new Error('ajv has no date-time format to narrow');
  ajv.addFormat('date-time', {
    type: 'string',
    validate: (text: string) => Boolean(wellFormed(text)) && isStorableDateTime(text),
  });
}
