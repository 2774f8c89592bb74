/**
 * 系统参数 (issue 32): the business parameters of contract/parameters.ts, each with its range, for
 * staff who hold the screen; changing one needs its action, is audited with before and after, and
 * counts on every instance at the next call that reads it.
 */
import { Type, type Static } from '@sinclair/typebox';
import { ACTIONS, CAPABILITY_URLS } from '../capabilities';
import { PARAMETER_KEYS, PARAMETERS } from '../parameters';
import { DateTime, Empty, Literals, Nullable, OneOf } from './common';
import { defineApi } from './define';

export const ParameterItem = Type.Object({
  key: Literals(PARAMETER_KEYS),
  label: Type.String(),
  unit: Literals(['days', 'cents', 'count']),
  min: Type.Integer(),
  max: Type.Integer(),
  defaultValue: Type.Integer(),
  help: Type.String(),
  value: Type.Integer({ description: '当前值' }),
  /** Who changed it last, and when; null while it has its default. */
  updatedBy: Nullable(Type.String({ description: '最后修改人' })),
  updatedAt: Nullable(DateTime({ description: '最后修改时间' })),
});
export type ParameterItem = Static<typeof ParameterItem>;

export const ParameterUpdateBody = Type.Object(
  {
    key: OneOf(PARAMETER_KEYS, '参数'),
    // The range is the parameter's own (checked by the server with a Chinese message); this bounds the type.
    value: Type.Integer({ minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER, description: '新值' }),
  },
  { additionalProperties: false },
);
export type ParameterUpdateBody = Static<typeof ParameterUpdateBody>;

const holdDays = PARAMETERS.commissionHoldDays;
const exampleItem: ParameterItem = {
  key: 'commissionHoldDays',
  label: holdDays.label,
  unit: holdDays.unit,
  min: holdDays.min,
  max: holdDays.max,
  defaultValue: holdDays.defaultValue,
  help: holdDays.help,
  value: 14,
  updatedBy: 'admin',
  updatedAt: '2026-11-28T08:00:00.000Z',
};

export const parameterApi = {
  'parameter/list': defineApi({
    summary: '系统参数：每个参数的当前值、默认值、范围和说明',
    auth: { anyGrant: [CAPABILITY_URLS.canSeeParameters] },
    body: Empty,
    answer: Type.Array(ParameterItem),
    example: { body: {}, answer: [exampleItem] },
  }),
  'parameter/update': defineApi({
    summary: '修改一个系统参数（记入操作日志，所有实例立即生效）',
    description: `值超出范围：A0400（value），如「${holdDays.label}应在 ${holdDays.min} 到 ${holdDays.max} 之间」。修改佣金结算期时，待结算佣金的可提现时间按新结算期重新计算。`,
    auth: { anyGrant: [CAPABILITY_URLS.canSeeParameters], action: ACTIONS.canSetParameters.url },
    body: ParameterUpdateBody,
    answer: ParameterItem,
    example: { body: { key: 'commissionHoldDays', value: 14 }, answer: exampleItem },
  }),
};
