/**
 * A deterministic catalogue of malformed request bodies derived from a call's body schema (JSON
 * Schema as TypeBox builds it): a valid sample body, then for each property (nested objects and
 * array items included) the property missing, wrongly typed, huge, negative, fractional, with a NUL
 * or a lone surrogate, very long, deeply nested, edge dates; and whole-body cases (no body, not an
 * object, extra fields). Nothing here names a call: a new call's schema yields its own cases.
 */

type Schema = Record<string, any>;

export interface MalformedCase {
  /** e.g. `roleIds[0] = 2^31`, `(body) = null`. */
  name: string;
  /** The JSON body to send; `undefined` sends none. */
  body: unknown;
}

const NO_BODY = Symbol('no body');

/** Strings that satisfy most `pattern`s of the schemas; the first that fits is the sample. */
const PATTERN_CANDIDATES = [
  'probe_01',
  'ABCD2345',
  '/probe',
  'HomeOutlined',
  'probe',
  '4111111111111111',
  '202401011234567890',
  'https://example.com/x',
  'x',
];

const DEPTH = 1000;

function deeplyNested(): unknown {
  let value: unknown = 1;
  for (let level = 0; level < DEPTH; level += 1) value = { a: value };
  return value;
}

const typesOf = (schema: Schema): string[] => (schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type]);

/** The branches of a union, else the schema itself. */
const branchesOf = (schema: Schema): Schema[] => schema.anyOf ?? schema.oneOf ?? [schema];

/** The first branch that is not `null` (a nullable id samples as an id). */
function mainBranch(schema: Schema): Schema {
  const branches = branchesOf(schema);
  return branches.find((branch) => !(typesOf(branch).length === 1 && typesOf(branch)[0] === 'null')) ?? branches[0];
}

function sampleString(schema: Schema): string {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Infinity;
  const fits = (text: string) =>
    text.length >= min && text.length <= max && (!schema.pattern || new RegExp(schema.pattern, 'u').test(text));
  if (schema.format === 'email') return 'probe@example.com';
  if (schema.format === 'date-time') return '2024-01-01T00:00:00Z';
  if (schema.pattern) return PATTERN_CANDIDATES.find(fits) ?? 'x'.repeat(Math.max(min, 1));
  return 'x'.repeat(Math.max(min, Math.min(5, max)));
}

/** A value the schema accepts (required properties only). */
export function sampleOf(input: Schema): unknown {
  const schema = mainBranch(input);
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const [type] = typesOf(schema);
  switch (type) {
    case 'object': {
      const body: Record<string, unknown> = {};
      for (const key of schema.required ?? []) body[key] = sampleOf(schema.properties?.[key] ?? {});
      return body;
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, (_, index) => {
        const item = sampleOf(schema.items ?? {});
        return typeof item === 'number' ? item + index : item;
      });
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? Math.floor(schema.exclusiveMinimum) + 1 : 1);
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'string':
      return sampleString(schema);
    default:
      return null;
  }
}

const withCharInMiddle = (text: string, char: string) => {
  const middle = Math.floor(text.length / 2);
  return text.length === 0 ? char : text.slice(0, middle) + char + text.slice(middle + 1);
};

/** Malformed values for one property of schema `input` (`sample` is its valid value). */
function valueCases(input: Schema, sample: unknown, nesting: number): Array<[string, unknown]> {
  const schema = mainBranch(input);
  const type = typesOf(schema)[0];
  const cases: Array<[string, unknown]> = [
    ['null', null],
    ['{}', {}],
    ['deeply nested', deeplyNested()],
  ];
  if (type !== 'string') cases.push(['"1"', '1'], ['"\\u0000"', '\u0000']);
  if (type !== 'integer' && type !== 'number') cases.push(['1', 1], ['1e21', 1e21]);
  if (type !== 'boolean') cases.push(['true', true]);
  if (type !== 'array') cases.push(['[]', []]);
  if (type === 'integer' || type === 'number') {
    cases.push(
      ['-1', -1],
      ['0', 0],
      ['1.5', 1.5],
      ['2^31', 2 ** 31],
      ['-2^31-1', -(2 ** 31) - 1],
      ['2^53', 2 ** 53],
      ['2^63', 2 ** 63],
      ['1e21', 1e21],
      ['-1e21', -1e21],
    );
  }
  if (type === 'string') {
    const text = typeof sample === 'string' ? sample : 'x';
    cases.push(
      ['""', ''],
      ['NUL', withCharInMiddle(text, '\u0000')],
      ['trailing NUL', `${text}\u0000`],
      ['lone high surrogate', withCharInMiddle(text, '\ud800')],
      ['lone low surrogate', `${text}\udc00`],
      ['100,000 characters', 'x'.repeat(100_000)],
    );
    if (schema.format === 'date-time' || schema.format === 'date') {
      cases.push(
        ['0000-01-01T00:00:00Z', '0000-01-01T00:00:00Z'],
        ['10000-01-01T00:00:00Z', '10000-01-01T00:00:00Z'],
        ['+010000-01-01T00:00:00Z', '+010000-01-01T00:00:00Z'],
        ['2024-02-30', '2024-02-30'],
        ['2024-02-30T00:00:00Z', '2024-02-30T00:00:00Z'],
        ['0001-01-01T00:00:00+01:00', '0001-01-01T00:00:00+01:00'],
        ['9999-12-31T23:59:59-23:59', '9999-12-31T23:59:59-23:59'],
        ['2024-01-01T00:00:00+16:00', '2024-01-01T00:00:00+16:00'],
        ['2024-06-30T23:59:60Z', '2024-06-30T23:59:60Z'],
        ['-000001-01-01T00:00:00Z', '-000001-01-01T00:00:00Z'],
      );
    }
  }
  if (type === 'array' && nesting < 2) {
    const itemSchema = schema.items ?? {};
    const item = sampleOf(itemSchema);
    for (const [name, value] of valueCases(itemSchema, item, nesting + 1)) cases.push([`[${name}]`, [value]]);
    const tooMany = (schema.maxItems ?? 10_000) + 1;
    cases.push([`${tooMany} items`, Array.from({ length: tooMany }, (_, index) => (typeof item === 'number' ? item + index : item))]);
  }
  return cases;
}

/** Every malformed body of a call whose body schema is `schema`. */
export function malformedBodies(schema: Schema): MalformedCase[] {
  const cases: MalformedCase[] = [];
  const root = sampleOf(schema) as Record<string, unknown>;

  const walk = (
    objectSchema: Schema,
    sample: Record<string, unknown>,
    rebuild: (value: Record<string, unknown>) => unknown,
    prefix: string,
    nesting: number,
  ) => {
    for (const [key, propertySchema] of Object.entries<Schema>(objectSchema.properties ?? {})) {
      const field = `${prefix}${key}`;
      const valid = key in sample ? sample[key] : sampleOf(propertySchema);
      const { [key]: _dropped, ...without } = sample;
      cases.push({ name: `${field} missing`, body: rebuild(without) });
      for (const [name, value] of valueCases(propertySchema, valid, nesting)) {
        cases.push({ name: `${field} = ${name}`, body: rebuild({ ...sample, [key]: value }) });
      }
      const main = mainBranch(propertySchema);
      if (typesOf(main)[0] === 'object' && nesting < 3) {
        const inner = (valid && typeof valid === 'object' ? valid : {}) as Record<string, unknown>;
        walk(main, inner, (value) => rebuild({ ...sample, [key]: value }), `${field}.`, nesting + 1);
      }
    }
  };
  if (typesOf(schema).includes('object')) walk(schema, root, (value) => value, '', 0);

  cases.push(
    { name: '(no body)', body: NO_BODY },
    { name: '(body) = null', body: null },
    { name: '(body) = []', body: [] },
    { name: '(body) = "x"', body: 'x' },
    { name: '(body) = 1e21', body: 1e21 },
    { name: '(body) deeply nested', body: deeplyNested() },
    { name: '(body) + unexpected field', body: { ...root, unexpected: 1 } },
    { name: '(body) + NUL field name', body: { ...root, 'a\u0000b': 1 } },
    {
      name: '(body) + __proto__',
      body: JSON.parse(`{"__proto__": {"polluted": 1}, ${JSON.stringify(root).slice(1)}`.replace(/, }$/, '}')),
    },
  );
  return cases.map((item) => (item.body === NO_BODY ? { ...item, body: undefined } : item));
}
