/**
 * The limits a form checks before sending and the server checks again, with the one sentence both
 * say (TypeBox-free: the contract schemas in contract/api and the console's rules in
 * src/kit/formRules.ts both read it). A schema carries the problem as `limitMessage`, which the
 * server's validation (server/http/validation.ts) says after the field's label for any
 * minimum / maximum / length failure; the form says the same after the same label.
 */
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from './accountRules';
import { fieldLabel } from './fieldLabels';
import { WITHDRAWAL_MAX_CENTS } from './ledger';

export interface Limit {
  /** The body field whose label starts the sentence. */
  field: string;
  min: number;
  max: number;
  /** What follows the label, e.g. `应在 0%–100% 之间`. */
  problem: string;
}

const range = (field: string, min: number, max: number, unit = ' '): Limit => ({
  field,
  min,
  max,
  problem: `应在 ${min}–${max}${unit}之间`,
});

const length = (field: string, min: number, max: number): Limit => ({ field, min, max, problem: `长度应为 ${min}–${max} 个字符` });

/** Numbers as the form edits them (a percent, yuan); the schema scales where it stores smaller units. */
export const LIMITS = {
  /** A salesperson's commission, in percent (stored as basis points: ×100). */
  commissionPercent: range('commissionRate', 0, 100, '% '),
  /** A membership level's price, in yuan (stored as cents: ×100). */
  priceYuan: range('priceCents', 0, 1_000_000, ' 元'),
  durationDays: range('durationDays', 1, 36_500, ' 天'),
  /** One withdrawal, in yuan (stored as cents: ×100). */
  withdrawalYuan: range('amountCents', 0.01, WITHDRAWAL_MAX_CENTS / 100, ' 元'),
  shopQuota: range('shopQuota', 0, 100_000),
  productQuota: range('productQuota', 0, 100_000),
  sort: range('sort', 0, 1_000_000),
  username: length('username', USERNAME_MIN, USERNAME_MAX),
  password: length('password', PASSWORD_MIN, PASSWORD_MAX),
} as const satisfies Record<string, Limit>;

/** The sentence of a broken limit: the label and the problem (`佣金比例应在 0%–100% 之间`). */
export const limitText = (limit: Limit) => `${fieldLabel(limit.field)}${limit.problem}`;

/** The sentence of a missing field, the same on both sides (`持卡人不能为空`). */
export const requiredText = (field: string) => `${fieldLabel(field)}不能为空`;

/** The schema options of a limited number, stored `scale` times the edited unit. */
export const numberLimit = (limit: Limit, scale = 1) => ({
  minimum: Math.round(limit.min * scale),
  maximum: Math.round(limit.max * scale),
  limitMessage: limit.problem,
});

/** The schema options of a limited text. */
export const lengthLimit = (limit: Limit) => ({ minLength: limit.min, maxLength: limit.max, limitMessage: limit.problem });
