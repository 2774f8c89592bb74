/** The registry's safety net (server/http/bodySafety.ts) on its own. */
import { Kind, Type } from '@sinclair/typebox';
import { hardenBodySchema, isSafeText, isStorableDateTime } from '../../server/http/bodySafety';
import { INT4_MAX, INT4_MIN } from '#contract/api/common';

describe('hardenBodySchema', () => {
  it('bounds unbounded integers to int4, keeps bounds a schema gives, marks every string, leaves the original', () => {
    const schema = Type.Object({
      plain: Type.Integer(),
      amount: Type.Integer({ minimum: 1, maximum: 99_999_999_999 }),
      above: Type.Number({ exclusiveMinimum: 0 }),
      ids: Type.Array(Type.Integer({ minimum: 1 })),
      parent: Type.Union([Type.Integer(), Type.Null()]),
      name: Type.String({ maxLength: 10 }),
      kind: Type.Unsafe<string>({ type: 'string', enum: ['a', 'b'] }),
      nested: Type.Object({ note: Type.Optional(Type.String()) }),
    });
    const hard = hardenBodySchema(schema) as any;
    expect(hard.properties.plain).toMatchObject({ type: 'integer', minimum: INT4_MIN, maximum: INT4_MAX });
    expect(hard.properties.amount).toMatchObject({ minimum: 1, maximum: 99_999_999_999 });
    expect(hard.properties.above).toMatchObject({ exclusiveMinimum: 0, maximum: INT4_MAX });
    expect(hard.properties.above.minimum).toBeUndefined();
    expect(hard.properties.ids.items).toMatchObject({ minimum: 1, maximum: INT4_MAX });
    expect(hard.properties.parent.anyOf[0]).toMatchObject({ minimum: INT4_MIN, maximum: INT4_MAX });
    expect(hard.properties.name).toMatchObject({ maxLength: 10, textSafe: true });
    expect(hard.properties.kind).toEqual({ type: 'string', enum: ['a', 'b'], textSafe: true, [Kind]: 'Unsafe' });
    expect(hard.properties.nested.properties.note).toMatchObject({ type: 'string', textSafe: true });
    expect(hard[Kind]).toBe('Object');
    expect((schema as any).properties.plain.maximum).toBeUndefined();
    expect((schema as any).properties.name.textSafe).toBeUndefined();
  });
});

describe('isSafeText', () => {
  it('refuses NUL and lone surrogates, takes paired ones', () => {
    expect(isSafeText('普通文本 😀')).toBe(true);
    for (const text of ['a\u0000b', '\ud800', 'a\ud800b', '\udc00', 'x\udc00', '\ud83d\ud83d', '😀\ude00'])
      expect(isSafeText(text)).toBe(false);
  });
});

describe('isStorableDateTime', () => {
  it('keeps to years 1–9999 in UTC and offsets up to ±15:59', () => {
    for (const text of [
      '0001-01-01T00:00:00Z',
      '9999-12-31T23:59:59.999Z',
      '2024-01-01T00:00:00+15:59',
      '2024-01-01T00:00:00-0800',
      '2024-01-01t00:00:00z',
    ]) {
      expect([text, isStorableDateTime(text)]).toEqual([text, true]);
    }
    for (const text of [
      '0000-01-01T00:00:00Z',
      '0001-01-01T00:00:00+01:00',
      '9999-12-31T23:59:59-00:01',
      '2024-01-01T00:00:00+16:00',
      '2024-06-30T23:59:60Z',
    ]) {
      expect([text, isStorableDateTime(text)]).toEqual([text, false]);
    }
  });
});
