/**
 * The shared TypeBox building blocks of the calls (bodies and answers): row ids bounded as their columns are, the
 * paging fields, a date-time. Every body schema takes its ids and paging from here, so that no
 * number a column can not hold reaches the database (issue 12). The server also bounds, at
 * registration, any integer a schema leaves unbounded (server/http/bodySafety.ts).
 */
import { Type, type Static, type StringOptions, type TLiteral, type TSchema } from '@sinclair/typebox';

/** PostgreSQL `integer` (int4, `serial`). */
export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;
/** A `bigint` / `bigserial` id answered as a JS number: at most 2^53 − 1. */
export const INT8_ID_MAX = Number.MAX_SAFE_INTEGER;

/** The last page a listing may ask for, and the largest page size. */
export const PAGE_CURRENT_MAX = 100_000;
export const PAGE_SIZE_MAX = 100;

/** The id of a row whose key is `serial` (int4). */
export const Id = (options: { description?: string } = {}) => Type.Integer({ ...options, minimum: 1, maximum: INT4_MAX });
/** The id of a row whose key is `bigserial` (int8): sessions, ledger entries, the logs. */
export const BigId = () => Type.Integer({ minimum: 1, maximum: INT8_ID_MAX });
/** A non-negative int4 value (e.g. a version number from 1, a filter where 0 means "none"). */
export const Int4 = (minimum = 0) => Type.Integer({ minimum, maximum: INT4_MAX });

/** `{ id }`: the body of every call that acts on one row by its (int4) id. */
export const IdBodySchema = Type.Object({ id: Id() }, { additionalProperties: false });
export type IdBody = Static<typeof IdBodySchema>;

/** `{ current, pageSize }` of the listing calls (server/db/paging.ts). */
export const PageFields = {
  current: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_CURRENT_MAX })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX })),
};

/**
 * An ISO 8601 / RFC 3339 date-time with its zone. The server's `date-time` format also keeps it
 * inside what PostgreSQL stores (years 1–9999 in UTC, offsets up to ±15:59).
 */
export const DateTime = (options: StringOptions = {}) => Type.String({ ...options, format: 'date-time' });

/** `{ current, pageSize }` alone: the body of a listing with no filter. */
export const PageQuery = Type.Object(PageFields, { additionalProperties: false });
export type PageQuery = Static<typeof PageQuery>;

/** `{}`: the body of a call that takes nothing. */
export const Empty = Type.Object({}, { additionalProperties: false });
export type Empty = Static<typeof Empty>;

/** One page of a listing: the rows and where they sit in the whole. */
export const Page = <T extends TSchema>(item: T) =>
  Type.Object({
    list: Type.Array(item),
    total: Type.Integer({ minimum: 0 }),
    current: Type.Integer({ minimum: 1 }),
    pageSize: Type.Integer({ minimum: 1 }),
  });
/** The answer of `Page(item)` for a row type, for code generic over listings. */
export interface Page<T> {
  list: T[];
  total: number;
  current: number;
  pageSize: number;
}

/** An amount of money in integer cents (contract/money.ts formats it as yuan). */
export const Money = (options: { minimum?: number; description?: string } = {}) =>
  Type.Integer({ minimum: options.minimum, maximum: Number.MAX_SAFE_INTEGER, description: options.description ?? '金额（分）' });

/** `null` or a value of `schema`. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** A string of at most `maxLength` characters (and at least `minLength`). */
export const Text = (maxLength: number, minLength = 0) => Type.String({ minLength, maxLength });

/** A string that is one of `values` (a TypeScript union of literals, a JSON Schema enum). */
export const OneOf = <T extends string>(values: readonly T[], description?: string) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], description });

/**
 * A string that is one of `values`, for ANSWERS: a union of literals (`anyOf` of `const`s), which the
 * tests' answer check and the serialiser read. Bodies use `OneOf` (an `enum`, whose ajv refusal
 * names the allowed values).
 */
export const Literals = <const T extends readonly string[]>(values: T, options: string | { description?: string } = {}) =>
  Type.Union(
    // The element type spelled out: inferred, it widens to TLiteral<string> (every answer's literals become `string`).
    values.map((value): TLiteral<T[number]> => Type.Literal(value)),
    typeof options === 'string' ? { description: options } : options,
  );
