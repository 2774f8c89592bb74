/**
 * The answer check of the tests (`checkAnswers`): an answer that does not match its call's answer
 * schema, or carries a field the schema does not declare (which the serialiser would silently
 * drop), fails the call with the first differences named, so the schema is mended where it is
 * wrong instead of a screen losing a field.
 */
import { FormatRegistry, TypeRegistry, type TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { Value } from '@sinclair/typebox/value';

// TypeBox checks formats it has been told of only (the server's body validation is ajv's).
const ISO_DATE_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/i;
if (!FormatRegistry.Has('date-time'))
  FormatRegistry.Set('date-time', (value) => ISO_DATE_TIME.test(value) && !Number.isNaN(Date.parse(value)));
if (!FormatRegistry.Has('email')) FormatRegistry.Set('email', (value) => /^[^\s@]+@[^\s@]+$/.test(value));
if (!FormatRegistry.Has('uri')) FormatRegistry.Set('uri', (value) => URL.canParse(value));

// `Type.Unsafe` schemas (the string enums of contract/api/common.ts `OneOf`) are checked by their enum.
if (!TypeRegistry.Has('Unsafe')) {
  TypeRegistry.Set<{ enum?: unknown[] }>('Unsafe', (schema, value) => !Array.isArray(schema.enum) || schema.enum.includes(value));
}

export class AnswerMismatch extends Error {
  constructor(path: string, problems: string[]) {
    super(`answer of ${path} does not match its schema: ${problems.join('; ')}`);
    this.name = 'AnswerMismatch';
  }
}

export function answerChecker(path: string, schema: TSchema) {
  // Compiled at the first answer: a test's app mounts every call and answers a few.
  let compiled: ReturnType<typeof TypeCompiler.Compile> | undefined;
  return (content: unknown) => {
    const value = content ?? null;
    compiled ??= TypeCompiler.Compile(schema);
    if (!compiled.Check(value)) {
      const problems = [...compiled.Errors(value)].slice(0, 5).map((error) => `${error.path || '/'} ${error.message}`);
      fail(new AnswerMismatch(path, problems));
    }
    const declared = Value.Clean(schema, structuredClone(value));
    if (JSON.stringify(declared) !== JSON.stringify(value)) {
      fail(new AnswerMismatch(path, [`undeclared fields: ${undeclaredPaths(declared, value).slice(0, 5).join(', ')}`]));
    }
  };
}

/** Said on stderr too: the tests run the server silent, and this is a schema to mend. */
function fail(mismatch: AnswerMismatch): never {
  console.error(mismatch.message);
  throw mismatch;
}

function undeclaredPaths(declared: unknown, actual: unknown, at = ''): string[] {
  if (Array.isArray(actual) && Array.isArray(declared))
    return actual.flatMap((item, index) => undeclaredPaths(declared[index], item, `${at}/${index}`));
  if (!actual || typeof actual !== 'object' || !declared || typeof declared !== 'object') return [];
  return Object.entries(actual).flatMap(([key, item]) =>
    key in declared ? undeclaredPaths((declared as Record<string, unknown>)[key], item, `${at}/${key}`) : [`${at}/${key}`],
  );
}
