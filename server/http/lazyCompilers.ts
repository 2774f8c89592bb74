/**
 * Fastify's own schema compilers (@fastify/ajv-compiler, @fastify/fast-json-stringify-compiler),
 * each route's validator and serializer compiled at its first request instead of at start-up.
 *
 * For the server tests only (`buildApp({ compileSchemasOnFirstUse: true })`): they build two apps a
 * suite, about 250 of them a run, and each calls a handful of the ~120 routes; compiling every
 * route's schemas took 0.3–0.4 s of each build. The product keeps Fastify's default and compiles
 * all at start-up, so a schema that cannot compile stops the start. Every route's schemas are still
 * compiled in the tests: tests/server/badInput.test.ts and the contract suite call each one.
 */
import AjvCompiler, { type BuildCompilerFromPool, type RouteDefinition } from '@fastify/ajv-compiler';
import { SerializerSelector, type SerializerFactory } from '@fastify/fast-json-stringify-compiler';

type Validate = ((data: unknown) => unknown) & { errors?: unknown };

/** A validator that compiles on its first call; Fastify reads `errors` from the function it was given. */
function lazyValidator(compile: () => Validate): Validate {
  let compiled: Validate | undefined;
  const validate: Validate = (data) => {
    compiled ??= compile();
    const result = compiled(data);
    validate.errors = compiled.errors;
    return result;
  };
  return validate;
}

function lazySerializer(compile: () => (data: unknown) => string): (data: unknown) => string {
  let compiled: ((data: unknown) => string) | undefined;
  return (data) => (compiled ??= compile())(data);
}

/** `schemaController.compilersFactory` for Fastify's options: its default compilers, each route compiled on first use. */
export function compileOnFirstUse(): { buildValidator: BuildCompilerFromPool; buildSerializer: SerializerFactory } {
  const buildValidator = AjvCompiler();
  const buildSerializer = SerializerSelector();
  return {
    // ajv-compiler's types name the compiler's argument a schema; Fastify hands it the route.
    buildValidator: (externalSchemas, options) => {
      const compile = buildValidator(externalSchemas, options) as unknown as (route: RouteDefinition) => Validate;
      return ((route: RouteDefinition) => lazyValidator(() => compile(route))) as unknown as ReturnType<BuildCompilerFromPool>;
    },
    buildSerializer: (externalSchemas, options) => {
      const compile = buildSerializer(externalSchemas, options);
      return (route) => lazySerializer(() => compile(route));
    },
  };
}
