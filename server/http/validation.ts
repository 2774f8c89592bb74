/** Turns ajv validation errors into the Chinese A0400 message naming the field. */
import { CODE_MESSAGES, CODES } from '#contract/codes';
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
  null: 'null',
};

/** `/roleIds/0` → `roleIds[0]`; the root is 请求体. */
export function fieldName(instancePath: string, extra?: string): string {
  const parts = instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (extra !== undefined) parts.push(extra);
  if (parts.length === 0) return '请求体';
  return parts.reduce((name, part) => (/^\d+$/.test(part) ? `${name}[${part}]` : name ? `${name}.${part}` : part), '');
}

function problem(error: AjvError): { field: string; text: string } {
  const { keyword, params, instancePath } = error;
  const field = fieldName(instancePath);
  switch (keyword) {
    case 'required':
      return { field: fieldName(instancePath, params.missingProperty), text: '不能为空' };
    case 'additionalProperties':
      return { field: fieldName(instancePath, params.additionalProperty), text: '是不支持的字段' };
    case 'type': {
      const types = String(params.type)
        .split(',')
        .map((type) => TYPE_NAMES[type] ?? type);
      return { field, text: `应为${types.join('或')}` };
    }
    case 'minLength':
      return { field, text: `长度不能少于 ${params.limit} 个字符` };
    case 'maxLength':
      return { field, text: `长度不能超过 ${params.limit} 个字符` };
    case 'minimum':
      return { field, text: `不能小于 ${params.limit}` };
    case 'maximum':
      return { field, text: `不能大于 ${params.limit}` };
    case 'exclusiveMinimum':
      return { field, text: `应大于 ${params.limit}` };
    case 'exclusiveMaximum':
      return { field, text: `应小于 ${params.limit}` };
    case 'minItems':
      return { field, text: `不能少于 ${params.limit} 项` };
    case 'maxItems':
      return { field, text: `不能超过 ${params.limit} 项` };
    case 'uniqueItems':
      return { field, text: '不能有重复项' };
    case 'pattern':
      return { field, text: error.parentSchema?.patternMessage ?? '格式不正确' };
    case 'format':
      return { field, text: params.format === 'email' ? '不是有效的邮箱地址' : '格式不正确' };
    case 'enum':
      return { field, text: `取值应为 ${(params.allowedValues ?? []).join('、')} 之一` };
    case 'const':
      return { field, text: `取值应为 ${params.allowedValue}` };
    case TEXT_SAFE_KEYWORD:
      return { field, text: '含有不允许的字符' };
    default:
      return { field, text: '不合法' };
  }
}

export function validationMessage(errors: readonly AjvError[]): string {
  const prefix = CODE_MESSAGES[CODES.BAD_PARAMETERS];
  const first = errors[0];
  if (!first) return prefix;
  const { field, text } = problem(first);
  return `${prefix}：${field} ${text}`;
}
