/**
 * Every body field of every call has a Chinese label (contract/fieldLabels.ts), so an A0400 about
 * it never shows the English name — a new call's fields must bring their labels.
 */
import type { TSchema } from '@sinclair/typebox';
import { API } from '#contract/api';
import { exportApi } from '#contract/api/exports';
import { FIELD_LABELS, fieldLabel, UNKNOWN_FIELD_LABEL } from '#contract/fieldLabels';
import { RUN_FIELD_LABELS } from '#contract/runFieldLabels';

/** The property names anywhere in a schema (nested objects, array items, unions). */
function propertyNames(schema: TSchema | undefined, into = new Set<string>()): Set<string> {
  if (!schema || typeof schema !== 'object') return into;
  for (const [name, child] of Object.entries<TSchema>(schema.properties ?? {})) {
    into.add(name);
    propertyNames(child, into);
  }
  for (const key of ['anyOf', 'allOf', 'oneOf'] as const) for (const child of schema[key] ?? []) propertyNames(child, into);
  if (schema.items) propertyNames(schema.items, into);
  return into;
}

describe('field labels', () => {
  it('name every body field of every call in Chinese', () => {
    const unlabelled = Object.entries({ ...API, ...exportApi }).flatMap(([path, call]) =>
      [...propertyNames(call.body)]
        .filter((name) => !Object.hasOwn(FIELD_LABELS, name) && !Object.hasOwn(RUN_FIELD_LABELS, name))
        .map((name) => `${path}: ${name}`),
    );
    expect(unlabelled).toEqual([]);
  });

  it('are Chinese, and an unknown field is never called by its English name', () => {
    for (const label of [...Object.values(FIELD_LABELS), ...Object.values(RUN_FIELD_LABELS)]) expect(label).toMatch(/[\u4e00-\u9fff]/);
    expect(fieldLabel('nickname')).toBe(UNKNOWN_FIELD_LABEL);
    expect(fieldLabel('constructor')).toBe(UNKNOWN_FIELD_LABEL);
  });
});
