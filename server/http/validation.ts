/**
 * Turns ajv validation errors into the A0400 answer: a Chinese sentence naming the field by its
 * label (contract/fieldLabels.ts, never its English name) and `content.field`, the top-level body
 * field at fault, for the form to mark.
 */
import { CODE_MESSAGES, CODES } from '#contract/codes';
import { fieldLabel } from '#contract/fieldLabels';
import { RUN_FIELD_LABELS } from '#contract/runFieldLabels';
import { requiredText } from '#contract/rules';
import { TEXT_SAFE_KEYWORD } from './bodySafety';

export interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, any>;
  parentSchema?: Record<string, any>;
}

const TYPE_NAMES: Record<string, string> = {
  string: '字符串',
  integer: '整数',
  number: '数字',
  boolean: '布尔值',
  array: '数组',
  object: '对象',
  null: '空值',
};

const LIMIT_KEYWORDS = new Set(['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength']);

/** The whole body, when the error is about the body itself. */
const BODY_LABEL = '请求内容';

/** `/roleIds/0` → `['roleIds', '0']`. */
const pathParts = (instancePath: string, extra?: string) => {
  const parts = instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (extra !== undefined) parts.push(extra);
  return parts;
};

/** The top-level body field (content.field) and the Chinese name of the innermost named part. */
function locate(instancePath: string, extra?: string): { field?: string; label: string } {
  const names = pathParts(instancePath, extra).filter((part) => !/^\d+$/.test(part));
  if (names.length === 0) return { label: BODY_LABEL };
  return { field: names[0], label: labelOf(names[names.length - 1]) };
}

/** A field's Chinese name: the run calls' own (contract/runFieldLabels.ts), or the shared table's. */
const labelOf = (name: string) => (Object.hasOwn(RUN_FIELD_LABELS, name) ? RUN_FIELD_LABELS[name] : fieldLabel(name));

function problem(error: AjvError): { field?: string; text: string } {
  const { keyword, params, instancePath } = error;
  if (keyword === 'required') {
    const { field } = locate(instancePath, params.missingProperty);
    return { field, text: requiredText(params.missingProperty) };
  }
  if (keyword === 'additionalProperties') {
    const { field } = locate(instancePath, params.additionalProperty);
    return { field, text: '请求中含有不支持的字段' };
  }
  const { field, label } = locate(instancePath);
  const say = (text: string) => ({ field, text: `${label}${text}` });
  // A limit shared with the console's forms (contract/rules.ts) says the forms' sentence.
  const limitMessage: string | undefined = LIMIT_KEYWORDS.has(keyword) ? error.parentSchema?.limitMessage : undefined;
  if (limitMessage) return say(limitMessage);
  switch (keyword) {
    case 'type': {
      const types = String(params.type)
        .split(',')
        .map((type) => TYPE_NAMES[type] ?? type);
      return say(`应为${types.join('或')}`);
    }
    case 'minLength':
      return say(`长度不能少于 ${params.limit} 个字符`);
    case 'maxLength':
      return say(`长度不能超过 ${params.limit} 个字符`);
    case 'minimum':
      return say(`不能小于 ${params.limit}`);
    case 'maximum':
      return say(`不能大于 ${params.limit}`);
    case 'exclusiveMinimum':
      return say(`应大于 ${params.limit}`);
    case 'exclusiveMaximum':
      return say(`应小于 ${params.limit}`);
    case 'minItems':
      return say(`不能少于 ${params.limit} 项`);
    case 'maxItems':
      return say(`不能超过 ${params.limit} 项`);
    case 'uniqueItems':
      return say('不能有重复项');
    case 'pattern':
      return say(error.parentSchema?.patternMessage ?? '格式不正确');
    case 'format':
      return say('格式不正确');
    case 'enum':
      return say('不是可选的取值');
    case 'const':
      return say('不是可选的取值');
    case TEXT_SAFE_KEYWORD:
      return say('含有不允许的字符');
    default:
      return say('不合法');
  }
}

/** The A0400 message and content for the first of ajv's errors. */
export function validationRefusal(errors: readonly AjvError[]): { msg: string; content: { field: string } | null } {
  const prefix = CODE_MESSAGES[CODES.BAD_PARAMETERS];
  const first = errors[0];
  if (!first) return { msg: prefix, content: null };
  const { field, text } = problem(first);
  return { msg: `${prefix}：${text}`, content: field === undefined ? null : { field } };
}
