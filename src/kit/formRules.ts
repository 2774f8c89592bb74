/**
 * antd form rules built from the limits the server checks (contract/rules.ts), so a form refuses
 * what the server would, before sending, with the server's own sentence.
 */
import type { Rule, RuleRender } from 'antd/es/form';
import { limitText, requiredText, type Limit } from '#contract/rules';

/** The field must be filled: `<label>不能为空`. */
export const requiredRule = (field: string): Rule => ({ required: true, message: requiredText(field) });

/** A text field must be filled with more than blanks (not for numbers: antd then refuses every number). */
export const requiredTextRule = (field: string): Rule => ({ required: true, whitespace: true, message: requiredText(field) });

/** A number within the limit (in the unit the form edits). */
export const numberWithin = (limit: Limit): Rule => ({ type: 'number', min: limit.min, max: limit.max, message: limitText(limit) });

/** A text whose length is within the limit. */
export const lengthWithin = (limit: Limit): Rule => ({ min: limit.min, max: limit.max, message: limitText(limit) });

/** Required and within the limit: the rules of a number every body must carry. */
export const requiredNumber = (limit: Limit): Rule[] => [requiredRule(limit.field), numberWithin(limit)];

/** The field repeats `field`'s value (a new password typed twice); an empty one is left to `required`. */
export const sameAsRule =
  (field: string, message: string): RuleRender =>
  ({ getFieldValue }) => ({
    validator: (_, value) => (!value || getFieldValue(field) === value ? Promise.resolve() : Promise.reject(new Error(message))),
  });
