/**
 * The plug-in's step language (docs/plugin-scripts.md): what an action script and a link script
 * may say, and the one validator the console's editor, the server and the extension all run.
 *
 * Plain TypeScript on purpose: the console and the extension import it without TypeBox. The
 * definition tables below (STEP_FIELDS, CONDITIONS, FLOW_DATA) are the single source of truth;
 * the validator walks them, and contract/api/plugin.ts describes the same shapes for the API's
 * documentation.
 *
 * No code: a script is data. Values come only from the flow's data keys (FLOW_DATA, the plug-in
 * data keys of contract/pluginProtocol.ts), from what an earlier `read` stored, from a `repeat`'s
 * item, and from the step's own literals. Selectors are CSS selectors of the matched page only.
 * Where a flow may run, which steps it may use and where a typed or reported value may come from
 * are the sandbox's rules (contract/scriptSandbox.ts), checked here too.
 */
import { findJsonSyntaxError, describeJsonError, lineAndColumn } from './jsonSyntax';
import { PLUGIN_DATA_KEYS } from './pluginProtocol';
import { FLOW_STEPS, isReservedName, siteProblem, urlSiteProblem, type ScriptSiteRules } from './scriptSandbox';

export type { ScriptSiteRules } from './scriptSandbox';

// ---------------------------------------------------------------- the language's tables

/** bind: on a shop's page, read the shop; join: on the creator page, invite for the products; stop: end a join. */
export const SCRIPT_FLOWS = ['bind', 'join', 'stop'] as const;
export type ScriptFlow = (typeof SCRIPT_FLOWS)[number];

export type DataShape = 'text' | 'list';

/** The data keys a flow's scripts may read (`{"from": key}`), with their shape. Fixed, documented. */
export const FLOW_DATA: Record<ScriptFlow, Readonly<Record<string, DataShape>>> = {
  bind: { [PLUGIN_DATA_KEYS.shopType]: 'text' },
  join: { [PLUGIN_DATA_KEYS.productIdList]: 'list', [PLUGIN_DATA_KEYS.url]: 'text' },
  stop: {},
};

/**
 * A join's `repeat` over the member's product ids: each turn is one product, whose outcome the
 * plug-in reports (joined, already joined, or failed with the step's message) before the next turn.
 */
export const isProductLoop = (flow: ScriptFlow, over: unknown): boolean =>
  flow === 'join' && isObject(over) && over.from === PLUGIN_DATA_KEYS.productIdList;

/** What a bind script must have read (`read … into`) before it reports success: the bound shop. */
export const BIND_RESULTS = { required: ['shopId', 'shopName'], optional: ['shopRegion'] } as const;

export type FieldType =
  /** A CSS selector of the page (non-empty text). */
  | 'selector'
  /** A literal text, or `{"from": name}`. */
  | 'value'
  /** What `type` writes: `{"from": name}` of the flow's data or a repeat's item only (never a literal or a read). */
  | 'input'
  /** Where `open` goes: a literal https address on the flow's sites, or `{"from": text data key}` (checked when it runs). */
  | 'url'
  /** A value, or a list of values joined into one text (messages). */
  | 'text'
  /** A name for a result (`read … into`, `repeat … as`). */
  | 'name'
  /** Milliseconds, 0 … SCRIPT_LIMITS.timeoutMs. */
  | 'timeout'
  /** Nested steps. */
  | 'steps'
  /** `success` or `fail`. */
  | 'status'
  /** What a `report` says of the item of a join's product loop besides joined: `alreadyJoined`. */
  | 'itemOutcome'
  /** A condition (CONDITIONS). */
  | 'condition'
  /** `{"from": key}` of a list data key. */
  | 'list'
  /** An attribute name (`data-shop-id`). */
  | 'attribute'
  | 'boolean';

interface FieldRule {
  type: FieldType;
  required: boolean;
}
const required = (type: FieldType): FieldRule => ({ type, required: true });
const optional = (type: FieldType): FieldRule => ({ type, required: false });

/** Every step and its fields (besides `"step"`). */
export const STEP_FIELDS = {
  /** Navigates this tab to `url`; the script ends there (the link scripts decide what runs on the new page). */
  open: { url: required('url') },
  /** Waits until `selector` is on the page, at most `timeoutMs` (default SCRIPT_LIMITS.defaultTimeoutMs). */
  waitFor: { selector: required('selector'), timeoutMs: optional('timeout') },
  click: { selector: required('selector') },
  /** Sets an input's value (and fires input and change). */
  type: { selector: required('selector'), value: required('input') },
  /** Stores the element's text (or `attribute`) under `into`; empty or missing fails unless `optional`. */
  read: { selector: required('selector'), into: required('name'), attribute: optional('attribute'), optional: optional('boolean') },
  /** Runs `steps` once per item of a list data key, the item named `as`. */
  repeat: { over: required('list'), as: required('name'), steps: required('steps') },
  /** Fails the script with `message` unless `that` holds. */
  assert: { that: required('condition'), message: optional('text') },
  /**
   * Ends the script with this status (and message); inside a join's loop over the product ids, ends
   * that product's turn only (`item: "alreadyJoined"` for one already in the programme). With `when`,
   * only when the condition holds (and it may then stand anywhere in its list).
   */
  report: { status: required('status'), message: optional('text'), item: optional('itemOutcome'), when: optional('condition') },
} as const satisfies Record<string, Record<string, FieldRule>>;

export type StepName = keyof typeof STEP_FIELDS;
export const STEP_NAMES = Object.keys(STEP_FIELDS) as StepName[];

/** The conditions of `assert`: an object with exactly one of these keys. */
export const CONDITIONS = {
  exists: 'selector',
  absent: 'selector',
  empty: 'value',
  notEmpty: 'value',
  /** Two values. */
  equals: 'pair',
  /** At least one of the listed conditions. */
  any: 'conditions',
} as const;
export type ConditionName = keyof typeof CONDITIONS;

export const SCRIPT_LIMITS = {
  /** Steps in one script, nested ones included. */
  steps: 200,
  /** `repeat` inside `repeat`… */
  depth: 3,
  timeoutMs: 60_000,
  defaultTimeoutMs: 10_000,
  text: 1000,
  links: 50,
  patterns: 20,
} as const;

// ---------------------------------------------------------------- the parsed shapes

export type ValueRef = string | { from: string };
export type TextValue = ValueRef | ValueRef[];
export type Condition =
  | { exists: string }
  | { absent: string }
  | { empty: ValueRef }
  | { notEmpty: ValueRef }
  | { equals: [ValueRef, ValueRef] }
  | { any: Condition[] };

export type Step =
  | { step: 'open'; url: ValueRef }
  | { step: 'waitFor'; selector: string; timeoutMs?: number }
  | { step: 'click'; selector: string }
  | { step: 'type'; selector: string; value: ValueRef }
  | { step: 'read'; selector: string; into: string; attribute?: string; optional?: boolean }
  | { step: 'repeat'; over: { from: string }; as: string; steps: Step[] }
  | { step: 'assert'; that: Condition; message?: TextValue }
  | { step: 'report'; status: 'success' | 'fail'; message?: TextValue; item?: 'alreadyJoined'; when?: Condition };

export interface ActionScript {
  flow: ScriptFlow;
  description?: string;
  steps: Step[];
}

export interface ScriptLink {
  /** Match patterns (`https://seller.example.com/*`), as in an extension's manifest. */
  match: string[];
  flow: ScriptFlow;
  /** The name of the action script that runs there. */
  action: string;
  /** A selector the page must contain as well (tells a shop page from other pages of the same site). */
  page?: string;
}

export interface LinkScript {
  description?: string;
  links: ScriptLink[];
}

// ---------------------------------------------------------------- validation

type Path = (string | number)[];

/** A problem found in a parsed script: where (a JSON path) and what (Chinese, names the step). */
export interface ScriptProblemAt {
  path: Path;
  message: string;
}

class Invalid {
  constructor(
    readonly path: Path,
    readonly message: string,
  ) {}
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const NAME = /^[A-Za-z][A-Za-z0-9_]{0,31}$/;
const ATTRIBUTE = /^[A-Za-z][A-Za-z0-9_:.-]{0,63}$/;
/** `<scheme>://<host><path>`: scheme `*`, http or https; host `*`, `*.example.com` or a host (with a port). */
const MATCH_PATTERN = /^(\*|https?):\/\/(\*|(\*\.)?[^/*:]+)(:\d{1,5})?\/.*$/;

export const isMatchPattern = (pattern: string) => MATCH_PATTERN.test(pattern);

const flowList = SCRIPT_FLOWS.join('、');

/**
 * Where a name's value comes from: the flow's data (`text`, `list`), a repeat's item (an item of a
 * data list), or a `read` of the page (`result`), which never leaves the page but as a bind's shop.
 */
type NameOrigin = DataShape | 'item' | 'result';

/** The names a step may read: the flow's data keys, then results and repeat items in scope. */
interface Scope {
  flow: ScriptFlow;
  names: Map<string, NameOrigin>;
  depth: number;
  sites: ScriptSiteRules;
  /** Inside a join's loop over the product ids (`isProductLoop`): each turn is one product's outcome. */
  productLoop?: boolean;
}

interface Walk {
  count: number;
}

function knownNames(scope: Scope): string {
  const names = [...scope.names.keys()];
  return names.length ? names.join('、') : '无';
}

function checkSelector(value: unknown, path: Path, where: string, field: string) {
  if (typeof value !== 'string' || !value.trim()) throw new Invalid(path, `${where}的 ${field} 应为非空的 CSS 选择器`);
  if (value.length > SCRIPT_LIMITS.text) throw new Invalid(path, `${where}的 ${field} 不能超过 ${SCRIPT_LIMITS.text} 个字符`);
}

/** Checks a value (a literal or `{"from": name}`); answers where a `from` value comes from, or null for a literal. */
function checkValue(value: unknown, path: Path, where: string, field: string, scope: Scope): NameOrigin | null {
  if (typeof value === 'string') {
    if (value.length > SCRIPT_LIMITS.text) throw new Invalid(path, `${where}的 ${field} 不能超过 ${SCRIPT_LIMITS.text} 个字符`);
    return null;
  }
  if (!isObject(value) || Object.keys(value).length !== 1 || typeof value.from !== 'string') {
    throw new Invalid(path, `${where}的 ${field} 应为文本或 {"from": "数据键"}`);
  }
  const shape = scope.names.get(value.from);
  if (shape === undefined) {
    throw new Invalid([...path, 'from'], `${where}的 ${field} 引用了未知的数据键 ${value.from}（此处可用：${knownNames(scope)}）`);
  }
  if (shape === 'list') throw new Invalid([...path, 'from'], `${where}的 ${field} 不能直接使用列表 ${value.from}，请用 repeat 逐项处理`);
  return shape;
}

/** A value that leaves the page (a message the console shows): literals and the flow's data, never a read. */
function checkOutgoingValue(value: unknown, path: Path, where: string, field: string, scope: Scope) {
  if (checkValue(value, path, where, field, scope) === 'result') {
    throw new Invalid(
      [...path, 'from'],
      `${where}的 ${field} 不能包含页面上读取的内容 ${(value as { from: string }).from}（读取的内容只能用于条件判断和绑定的店铺信息）`,
    );
  }
}

function checkText(value: unknown, path: Path, where: string, field: string, scope: Scope): void {
  if (!Array.isArray(value)) return checkOutgoingValue(value, path, where, field, scope);
  if (value.length === 0) throw new Invalid(path, `${where}的 ${field} 不能是空列表`);
  value.forEach((part, index) => checkOutgoingValue(part, [...path, index], where, field, scope));
}

/** What `type` writes: the flow's data (a product id of the member's list), never a literal or what a step read. */
function checkInput(value: unknown, path: Path, where: string, field: string, scope: Scope) {
  const origin = checkValue(value, path, where, field, scope);
  if (origin === 'text' || origin === 'item') return;
  const data = Object.keys(FLOW_DATA[scope.flow]).join('、') || '无';
  throw new Invalid(
    origin === null ? path : [...path, 'from'],
    origin === null
      ? `${where}的 ${field} 不能是固定文字：只能输入流程数据（${scope.flow} 流程：${data}，或 repeat 的项）`
      : `${where}的 ${field} 不能是页面上读取的内容：只能输入流程数据（${scope.flow} 流程：${data}，或 repeat 的项）`,
  );
}

/** Where `open` goes: a literal address on the flow's sites, or text data of the flow (checked again when it runs). */
function checkUrl(value: unknown, path: Path, where: string, field: string, scope: Scope) {
  const origin = checkValue(value, path, where, field, scope);
  if (origin === null) {
    const problem = urlSiteProblem(value as string, scope.flow, scope.sites);
    if (problem) throw new Invalid(path, `${where}不能打开 ${value as string}：${problem}`);
  } else if (origin !== 'text') {
    throw new Invalid([...path, 'from'], `${where}的 ${field} 只能是网址或流程数据，不能是页面上读取的内容或 repeat 的项`);
  }
}

function checkCondition(value: unknown, path: Path, where: string, scope: Scope, depth = 0): void {
  const names = Object.keys(CONDITIONS).join('、');
  if (!isObject(value) || Object.keys(value).length !== 1) {
    throw new Invalid(path, `${where}的 that 应为只含一个条件的对象（${names}）`);
  }
  const [name] = Object.keys(value);
  const inner = value[name];
  const at = [...path, name];
  switch (Object.hasOwn(CONDITIONS, name) ? CONDITIONS[name as ConditionName] : undefined) {
    case 'selector':
      return checkSelector(inner, at, where, name);
    case 'value':
      return void checkValue(inner, at, where, name, scope);
    case 'pair':
      if (!Array.isArray(inner) || inner.length !== 2) throw new Invalid(at, `${where}的 equals 应为两个值的列表`);
      inner.forEach((part, index) => checkValue(part, [...at, index], where, 'equals', scope));
      return;
    case 'conditions':
      if (!Array.isArray(inner) || inner.length === 0) throw new Invalid(at, `${where}的 any 应为非空的条件列表`);
      if (depth >= SCRIPT_LIMITS.depth) throw new Invalid(at, `${where}的条件嵌套超过 ${SCRIPT_LIMITS.depth} 层`);
      inner.forEach((part, index) => checkCondition(part, [...at, index], where, scope, depth + 1));
      return;
    default:
      throw new Invalid(at, `${where}的条件 ${name} 未知（可用：${names}）`);
  }
}

function checkName(value: unknown, path: Path, where: string, field: string, scope: Scope) {
  if (typeof value !== 'string' || !NAME.test(value)) {
    throw new Invalid(path, `${where}的 ${field} 应为英文字母开头的名称（字母、数字、下划线，最多 32 个字符）`);
  }
  if (isReservedName(value)) throw new Invalid(path, `${where}的 ${field} 不能使用保留名称 ${value}`);
  const shape = scope.names.get(value);
  if (shape === 'text' || shape === 'list') throw new Invalid(path, `${where}的 ${field} 不能与数据键 ${value} 同名`);
}

function checkField(rule: FieldRule, value: unknown, path: Path, where: string, field: string, scope: Scope) {
  switch (rule.type) {
    case 'selector':
      return checkSelector(value, path, where, field);
    case 'value':
      return void checkValue(value, path, where, field, scope);
    case 'input':
      return checkInput(value, path, where, field, scope);
    case 'url':
      return checkUrl(value, path, where, field, scope);
    case 'text':
      return checkText(value, path, where, field, scope);
    case 'name':
      return checkName(value, path, where, field, scope);
    case 'timeout':
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > SCRIPT_LIMITS.timeoutMs) {
        throw new Invalid(path, `${where}的 ${field} 应为 0 到 ${SCRIPT_LIMITS.timeoutMs} 之间的整数（毫秒）`);
      }
      return;
    case 'status':
      if (value !== 'success' && value !== 'fail') throw new Invalid(path, `${where}的 ${field} 应为 success 或 fail`);
      return;
    case 'itemOutcome':
      if (value !== 'alreadyJoined') throw new Invalid(path, `${where}的 ${field} 只能是 alreadyJoined（商品已在达人计划中）`);
      if (!scope.productLoop) throw new Invalid(path, `${where}的 ${field} 只能用在逐个处理商品 ID 的 repeat 中`);
      return;
    case 'condition':
      return checkCondition(value, path, where, scope);
    case 'list': {
      if (!isObject(value) || Object.keys(value).length !== 1 || typeof value.from !== 'string') {
        throw new Invalid(path, `${where}的 ${field} 应为 {"from": "列表数据键"}`);
      }
      const shape = scope.names.get(value.from);
      if (shape !== 'list') {
        const lists = Object.entries(FLOW_DATA[scope.flow])
          .filter(([, kind]) => kind === 'list')
          .map(([key]) => key);
        throw new Invalid(
          [...path, 'from'],
          `${where}的 ${field} 应为列表数据键（${scope.flow} 流程可用：${lists.join('、') || '无'}），不能是 ${value.from}`,
        );
      }
      return;
    }
    case 'attribute':
      if (typeof value !== 'string' || !ATTRIBUTE.test(value)) throw new Invalid(path, `${where}的 ${field} 应为属性名（如 data-shop-id）`);
      return;
    case 'boolean':
      if (typeof value !== 'boolean') throw new Invalid(path, `${where}的 ${field} 应为 true 或 false`);
      return;
    case 'steps':
      if (!Array.isArray(value)) throw new Invalid(path, `${where}的 ${field} 应为步骤列表`);
      if (scope.depth > SCRIPT_LIMITS.depth) throw new Invalid(path, `${where}：repeat 嵌套超过 ${SCRIPT_LIMITS.depth} 层`);
      return;
  }
}

/** `第 3 步（click）`, inside a repeat `第 2 步（repeat）中的第 1 步（type）`. */
const stepLabel = (parent: string, index: number, name?: string) =>
  `${parent ? `${parent}中的` : ''}第 ${index + 1} 步${name ? `（${name}）` : ''}`;

function checkSteps(steps: unknown[], path: Path, parent: string, scope: Scope, walk: Walk): void {
  if (steps.length === 0) throw new Invalid(path, parent ? `${parent}的 steps 不能为空` : '脚本的 steps 不能为空');
  steps.forEach((step, index) => {
    const at = [...path, index];
    walk.count += 1;
    if (walk.count > SCRIPT_LIMITS.steps) throw new Invalid(at, `脚本的步骤不能超过 ${SCRIPT_LIMITS.steps} 步`);
    if (!isObject(step)) throw new Invalid(at, `${stepLabel(parent, index)}应为对象，如 {"step": "click", "selector": "#submit"}`);
    if (!('step' in step)) throw new Invalid(at, `${stepLabel(parent, index)}缺少 step（可用：${STEP_NAMES.join('、')}）`);
    const name = step.step;
    if (typeof name === 'string' && isReservedName(name)) {
      throw new Invalid([...at, 'step'], `${stepLabel(parent, index)}：不能使用保留名称 ${name} 作步骤`);
    }
    // Own keys only: `"toString" in STEP_FIELDS` holds for every object.
    if (typeof name !== 'string' || !Object.hasOwn(STEP_FIELDS, name)) {
      throw new Invalid([...at, 'step'], `${stepLabel(parent, index)}：未知的步骤 ${String(name)}（可用：${STEP_NAMES.join('、')}）`);
    }
    const where = stepLabel(parent, index, name);
    const allowed = FLOW_STEPS[scope.flow];
    if (!allowed.includes(name as StepName)) {
      throw new Invalid(
        [...at, 'step'],
        `${where}：${scope.flow} 流程不能使用 ${name}（可用：${allowed.join('、')}）${scope.flow === 'bind' ? '；绑定只读取和报告店铺，不在卖家中心输入或点击' : ''}`,
      );
    }
    const fields: Record<string, FieldRule> = STEP_FIELDS[name as StepName];
    for (const key of Object.keys(step)) {
      if (key === 'step') continue;
      if (isReservedName(key)) throw new Invalid([...at, key], `${where}不能使用保留名称 ${key} 作字段`);
      if (!Object.hasOwn(fields, key)) {
        throw new Invalid([...at, key], `${where}有未知的字段 ${key}（可用：${Object.keys(fields).join('、')}）`);
      }
    }
    // A repeat's item is in scope for its steps only, as is what they read.
    const inner: Scope = {
      ...scope,
      names: new Map(scope.names),
      depth: scope.depth + 1,
      productLoop: scope.productLoop || (name === 'repeat' && isProductLoop(scope.flow, step.over)),
    };
    for (const [key, rule] of Object.entries(fields)) {
      if (!(key in step)) {
        if (rule.required) throw new Invalid(at, `${where}缺少 ${key}`);
        continue;
      }
      checkField(rule, step[key], [...at, key], where, key, name === 'repeat' && key === 'steps' ? inner : scope);
    }
    if (name === 'report' && step.item !== undefined && step.status !== 'success') {
      throw new Invalid([...at, 'item'], `${where}：item 只能与 status success 一起使用`);
    }
    if ((name === 'open' || (name === 'report' && !('when' in step))) && index !== steps.length - 1) {
      throw new Invalid([...path, index + 1], `${where}之后不能再有步骤（${name} 结束脚本）`);
    }
    if (name === 'open' && parent) throw new Invalid(at, `${where}：open 只能是脚本最外层的最后一步`);
    if (name === 'read') scope.names.set(step.into as string, 'result');
    if (name === 'report' && step.status === 'success' && scope.flow === 'bind') {
      const missing = BIND_RESULTS.required.filter((result) => scope.names.get(result) !== 'result');
      if (missing.length) throw new Invalid(at, `${where}：绑定成功前须先用 read 读取 ${missing.join('、')}`);
    }
    if (name === 'repeat') {
      inner.names.set(step.as as string, 'item');
      checkSteps(step.steps as unknown[], [...at, 'steps'], where, inner, walk);
    }
  });
}

function checkTopFields(value: Record<string, unknown>, allowed: readonly string[], what: string) {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) throw new Invalid([key], `${what}有未知的字段 ${key}（可用：${allowed.join('、')}）`);
  }
  if ('description' in value && typeof value.description !== 'string') throw new Invalid(['description'], `${what}的 description 应为文本`);
}

function checkActionScript(value: unknown, sites: ScriptSiteRules): void {
  if (!isObject(value)) throw new Invalid([], '动作脚本应为对象：{"flow": "bind", "steps": [...]}');
  checkTopFields(value, ['flow', 'description', 'steps'], '动作脚本');
  if (!('flow' in value)) throw new Invalid([], `动作脚本缺少 flow（${flowList}）`);
  if (typeof value.flow !== 'string' || !(SCRIPT_FLOWS as readonly string[]).includes(value.flow)) {
    throw new Invalid(['flow'], `动作脚本的 flow 应为 ${flowList} 之一`);
  }
  if (!('steps' in value)) throw new Invalid([], '动作脚本缺少 steps');
  if (!Array.isArray(value.steps)) throw new Invalid(['steps'], '动作脚本的 steps 应为步骤列表');
  const flow = value.flow as ScriptFlow;
  const scope: Scope = { flow, names: new Map(Object.entries(FLOW_DATA[flow])), depth: 0, sites };
  checkSteps(value.steps, ['steps'], '', scope, { count: 0 });
  if (flow === 'bind') {
    const last = value.steps[value.steps.length - 1] as { step?: unknown };
    if (last.step !== 'report' && last.step !== 'open') {
      throw new Invalid(['steps', value.steps.length - 1], '绑定脚本的最后一步应为 report（报告结果）或 open（转到其他页面）');
    }
  }
}

function checkLinkScript(value: unknown, sites: ScriptSiteRules): void {
  if (!isObject(value)) throw new Invalid([], '链接脚本应为对象：{"links": [...]}');
  checkTopFields(value, ['description', 'links'], '链接脚本');
  if (!Array.isArray(value.links) || value.links.length === 0)
    throw new Invalid(value.links ? ['links'] : [], '链接脚本的 links 应为非空列表');
  if (value.links.length > SCRIPT_LIMITS.links) throw new Invalid(['links'], `链接脚本的 links 不能超过 ${SCRIPT_LIMITS.links} 条`);
  value.links.forEach((link, index) => {
    const at: Path = ['links', index];
    const where = `第 ${index + 1} 条链接`;
    if (!isObject(link))
      throw new Invalid(at, `${where}应为对象，如 {"match": ["https://seller.example.com/*"], "flow": "bind", "action": "读取店铺"}`);
    for (const key of Object.keys(link)) {
      if (!['match', 'flow', 'action', 'page'].includes(key))
        throw new Invalid([...at, key], `${where}有未知的字段 ${key}（可用：match、flow、action、page）`);
    }
    for (const key of ['match', 'flow', 'action']) if (!(key in link)) throw new Invalid(at, `${where}缺少 ${key}`);
    if (!Array.isArray(link.match) || link.match.length === 0 || link.match.length > SCRIPT_LIMITS.patterns) {
      throw new Invalid([...at, 'match'], `${where}的 match 应为 1 到 ${SCRIPT_LIMITS.patterns} 个网址匹配模式的列表`);
    }
    link.match.forEach((pattern, patternIndex) => {
      if (typeof pattern !== 'string' || !isMatchPattern(pattern)) {
        throw new Invalid(
          [...at, 'match', patternIndex],
          `${where}的 match 第 ${patternIndex + 1} 项不是网址匹配模式（如 https://seller.example.com/*）`,
        );
      }
    });
    if (typeof link.flow !== 'string' || !(SCRIPT_FLOWS as readonly string[]).includes(link.flow)) {
      throw new Invalid([...at, 'flow'], `${where}的 flow 应为 ${flowList} 之一`);
    }
    // The pages a link lets a flow run on are the flow's sites (contract/scriptSandbox.ts), never `*://*/*`.
    (link.match as string[]).forEach((pattern, patternIndex) => {
      const [, scheme, host, , port] = MATCH_PATTERN.exec(pattern)!;
      const problem = siteProblem(scheme, host, port?.slice(1) ?? '', link.flow as ScriptFlow, sites);
      if (problem) throw new Invalid([...at, 'match', patternIndex], `${where}的 match 第 ${patternIndex + 1} 项 ${pattern}：${problem}`);
    });
    if (typeof link.action !== 'string' || !link.action.trim())
      throw new Invalid([...at, 'action'], `${where}的 action 应为动作脚本的名称`);
    if ('page' in link) checkSelector(link.page, [...at, 'page'], where, 'page');
  });
}

export type ScriptKindOf = 'action' | 'url';

/** What is wrong with a parsed script of this kind (with its JSON path), or null. */
export function scriptProblemAt(kind: ScriptKindOf, value: unknown, sites: ScriptSiteRules): ScriptProblemAt | null {
  try {
    if (kind === 'action') checkActionScript(value, sites);
    else checkLinkScript(value, sites);
    return null;
  } catch (error) {
    if (!(error instanceof Invalid)) throw error;
    return { path: error.path, message: error.message };
  }
}

// ---------------------------------------------------------------- positions in the text

/** The offset of every value of a valid JSON text, keyed by its path (JSON.stringify of the path). */
function valueOffsets(text: string): Map<string, number> {
  const offsets = new Map<string, number>();
  let at = 0;
  const skip = () => {
    while (at < text.length && ' \t\n\r'.includes(text[at])) at += 1;
  };
  const string = (): string => {
    const start = at;
    at += 1;
    while (at < text.length && text[at] !== '"') at += text[at] === '\\' ? 2 : 1;
    at += 1;
    return JSON.parse(text.slice(start, at)) as string;
  };
  const value = (path: Path): void => {
    skip();
    offsets.set(JSON.stringify(path), at);
    const char = text[at];
    if (char === '{' || char === '[') {
      const close = char === '{' ? '}' : ']';
      at += 1;
      for (let index = 0; ; index += 1) {
        skip();
        if (text[at] === close) {
          at += 1;
          return;
        }
        if (char === '{') {
          const key = string();
          skip();
          at += 1; // ':'
          value([...path, key]);
        } else value([...path, index]);
        skip();
        if (text[at] === ',') at += 1;
      }
    }
    if (char === '"') {
      string();
      return;
    }
    while (at < text.length && !',}] \t\n\r'.includes(text[at])) at += 1;
  };
  value([]);
  return offsets;
}

/**
 * Where a top-level step of an action script's text starts (`index` from 1, as the run ledger
 * counts): its offset and line; null when the text is not valid JSON or has no such step.
 */
export function stepPosition(text: string, index: number): { offset: number; line: number } | null {
  if (findJsonSyntaxError(text)) return null;
  const offset = valueOffsets(text).get(JSON.stringify(['steps', index - 1]));
  return offset === undefined ? null : { offset, line: lineAndColumn(text, offset).line };
}

/** A problem of a script's text: where (for the editor's gutter) and the sentence (`第 N 行：…`). */
export interface ScriptTextProblem {
  /** 0-based offset in UTF-16 code units. */
  offset: number;
  line: number;
  message: string;
}

/**
 * The first problem of a script's JSON text: a syntax error (`第 N 行第 M 列：…`), or a step
 * language problem (`第 N 行：第 3 步（click）缺少 selector`); null when the script is valid.
 */
export function findScriptProblem(kind: ScriptKindOf, text: string, sites: ScriptSiteRules): ScriptTextProblem | null {
  const syntax = findJsonSyntaxError(text);
  if (syntax) return { offset: syntax.offset, line: syntax.line, message: describeJsonError(syntax) };
  const problem = scriptProblemAt(kind, JSON.parse(text), sites);
  if (!problem) return null;
  const offsets = valueOffsets(text);
  let offset = 0;
  for (let length = problem.path.length; length >= 0; length -= 1) {
    const found = offsets.get(JSON.stringify(problem.path.slice(0, length)));
    if (found !== undefined) {
      offset = found;
      break;
    }
  }
  const { line } = lineAndColumn(text, offset);
  return { offset, line, message: `第 ${line} 行：${problem.message}` };
}

// ---------------------------------------------------------------- a set of scripts

export interface ScriptSetEntry {
  kind: ScriptKindOf;
  name: string;
  content: unknown;
}

/**
 * What is wrong with a whole set of scripts (what `plugin/scripts` answers), or null: every script
 * valid, every link naming an action script of the set that serves the link's flow. The extension
 * refuses a set with a problem whole and keeps the previous one.
 */
export function scriptSetProblem(scripts: readonly ScriptSetEntry[], sites: ScriptSiteRules): string | null {
  const actions = new Map<string, ActionScript>();
  const names = new Set<string>();
  for (const script of scripts) {
    const problem = scriptProblemAt(script.kind, script.content, sites);
    const label = `${script.kind === 'action' ? '动作脚本' : '链接脚本'}「${script.name}」`;
    if (problem) return `${label}：${problem.message}`;
    // Two approved renames can cross (a script renamed to another's old name, approved first).
    if (names.has(`${script.kind}:${script.name}`)) return `有两个同名的${label}`;
    names.add(`${script.kind}:${script.name}`);
    if (script.kind === 'action') actions.set(script.name, script.content as ActionScript);
  }
  for (const script of scripts) {
    if (script.kind !== 'url') continue;
    const { links } = script.content as LinkScript;
    for (const [index, link] of links.entries()) {
      const action = actions.get(link.action);
      const where = `链接脚本「${script.name}」第 ${index + 1} 条链接`;
      if (!action) return `${where}的动作脚本「${link.action}」不存在或未启用`;
      if (action.flow !== link.flow) return `${where}的流程是 ${link.flow}，而动作脚本「${link.action}」的流程是 ${action.flow}`;
    }
  }
  return null;
}

// ---------------------------------------------------------------- match patterns

const escapeRegExp = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether `url` matches a match pattern (as an extension manifest's): `*` in the path matches
 * anything, `*.example.com` any subdomain, a pattern without a port any port.
 */
export function matchesPattern(pattern: string, url: string): boolean {
  const parts = MATCH_PATTERN.exec(pattern);
  if (!parts) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  const [, scheme, host, , port] = parts;
  const protocol = parsed.protocol.slice(0, -1);
  if (scheme === '*' ? protocol !== 'http' && protocol !== 'https' : protocol !== scheme) return false;
  if (host !== '*') {
    if (host.startsWith('*.')) {
      const base = host.slice(2);
      if (parsed.hostname !== base && !parsed.hostname.endsWith(`.${base}`)) return false;
    } else if (parsed.hostname !== host) return false;
  }
  if (port && parsed.port !== port.slice(1)) return false;
  const path = pattern.slice(pattern.indexOf('/', pattern.indexOf('//') + 2));
  const pathPattern = new RegExp(`^${path.split('*').map(escapeRegExp).join('.*')}$`);
  return pathPattern.test(parsed.pathname + parsed.search);
}
