/**
 * Runs an action script (docs/plugin-scripts.md) on a page: the steps, in order, on `doc` only.
 * The script was validated (contract/pluginScripts.ts) before it got here; the interpreter checks
 * the sandbox again (contract/scriptSandbox.ts: the script, the page it runs on, where `open` goes)
 * and never throws: what it refuses, and a failing step, end the run with a message naming the step.
 */
import {
  isProductLoop,
  scriptProblemAt,
  SCRIPT_LIMITS,
  type ActionScript,
  type Condition,
  type ScriptSiteRules,
  type Step,
  type TextValue,
  type ValueRef,
} from '#contract/pluginScripts';
import { urlSiteProblem } from '#contract/scriptSandbox';
import type { ReportedItemOutcome } from '#contract/runs';

export interface RunOutcome {
  /** `stopped`: `beforeItem` said no before a product's turn (the member stopped, or staff paused the flow). */
  status: 'success' | 'fail' | 'stopped';
  /** For a failure: `第 3 步（click）：未找到元素 #submit`, or the script's own message. */
  message: string;
  /** What the `read` steps stored (a bind's shopId, shopName, shopRegion). */
  results: Record<string, string>;
  /** An `open` step: the url the page goes to (the run ends there). */
  openedUrl?: string;
  /** For a failure: the script's top-level step it happened in (1-based), which the run ledger records. */
  failedStep?: { index: number; name: string };
}

export interface RunOptions {
  /** The flow's data (`shop-type`, `product-id-list`, …). */
  data: Record<string, string | readonly string[] | undefined>;
  /** Where scripts may run (the build's rules, extension/src/consoleOrigin.ts). */
  sites: ScriptSiteRules;
  /** The page's address; `doc`'s own by default. */
  pageUrl?: string;
  /** Navigates the page (the `open` step); `location.assign` by default. */
  navigate?: (url: string) => void;
  /** Milliseconds between `waitFor` checks. */
  pollMs?: number;
  /**
   * Before each product's turn of a join's product loop: false stops the run there (`stopped`). The
   * place for the member's stop, staff's pause and the pacing's wait.
   */
  beforeItem?: (productId: string) => Promise<boolean>;
  /** After each product's turn: its outcome, and for a failure the step's message. */
  onItem?: (productId: string, outcome: ReportedItemOutcome, reason?: string) => void | Promise<void>;
}

/** The run's options with the flow the script serves. */
type StepOptions = RunOptions & { flow: ActionScript['flow'] };

class StepFailure {
  constructor(readonly message: string) {}
}

class Reported {
  /** A failure's top-level step, set on the way out of the script's own steps. */
  step?: { index: number; name: string };

  constructor(
    readonly status: 'success' | 'fail',
    readonly message: string,
    readonly item?: 'alreadyJoined',
  ) {}
}

class Stopped {}

class Opened {
  constructor(readonly url: string) {}
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Names = Map<string, string | readonly string[]>;

function valueOf(ref: ValueRef, names: Names): string {
  if (typeof ref === 'string') return ref;
  const value = names.get(ref.from);
  return typeof value === 'string' ? value : '';
}

const textOf = (text: TextValue, names: Names) =>
  Array.isArray(text) ? text.map((part) => valueOf(part, names)).join('') : valueOf(text, names);

function query(doc: Document, selector: string): Element | null {
  try {
    return doc.querySelector(selector);
  } catch {
    throw new StepFailure(`选择器 ${selector} 无效`);
  }
}

function found(doc: Document, selector: string): Element {
  const element = query(doc, selector);
  if (!element) throw new StepFailure(`未找到元素 ${selector}`);
  return element;
}

function holds(condition: Condition, doc: Document, names: Names): boolean {
  if ('exists' in condition) return query(doc, condition.exists) !== null;
  if ('absent' in condition) return query(doc, condition.absent) === null;
  if ('empty' in condition) return valueOf(condition.empty, names).trim() === '';
  if ('notEmpty' in condition) return valueOf(condition.notEmpty, names).trim() !== '';
  if ('equals' in condition) return valueOf(condition.equals[0], names) === valueOf(condition.equals[1], names);
  return condition.any.some((inner) => holds(inner, doc, names));
}

/** Sets an input's value the way a person typing would be seen by the page's framework. */
function typeInto(element: Element, value: string) {
  if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement)) {
    throw new StepFailure('该元素不是输入框');
  }
  const prototype = Object.getPrototypeOf(element) as object;
  const setter = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  if (setter) setter.call(element, value);
  else element.value = value;
  element.dispatchEvent(new Event('input', { bubbles: true }));
  element.dispatchEvent(new Event('change', { bubbles: true }));
}

async function runStep(step: Step, doc: Document, names: Names, options: StepOptions, label: string): Promise<void> {
  switch (step.step) {
    case 'open': {
      const url = valueOf(step.url, names);
      const problem = urlSiteProblem(url, options.flow, options.sites);
      if (problem) throw new StepFailure(`不能打开 ${url}：${problem}`);
      throw new Opened(url);
    }
    case 'waitFor': {
      const timeout = step.timeoutMs ?? SCRIPT_LIMITS.defaultTimeoutMs;
      const started = Date.now();
      while (!query(doc, step.selector)) {
        if (Date.now() - started >= timeout) throw new StepFailure(`等待 ${step.selector} 超时（${timeout} 毫秒）`);
        await sleep(options.pollMs ?? 100);
      }
      return;
    }
    case 'click': {
      const element = found(doc, step.selector);
      if (element instanceof HTMLElement) element.click();
      else element.dispatchEvent(new MouseEvent('click', { bubbles: true }));
      return;
    }
    case 'type':
      typeInto(found(doc, step.selector), valueOf(step.value, names));
      return;
    case 'read': {
      const element = query(doc, step.selector);
      const text = (element ? (step.attribute ? element.getAttribute(step.attribute) : element.textContent) : null)?.trim() ?? '';
      if (!text && !step.optional) throw new StepFailure(element ? `${step.selector} 的内容为空` : `未找到元素 ${step.selector}`);
      names.set(step.into, text);
      return;
    }
    case 'repeat': {
      const list = names.get(step.over.from);
      const productLoop = isProductLoop(options.flow, step.over);
      for (const item of Array.isArray(list) ? list : []) {
        const inner: Names = new Map(names);
        inner.set(step.as, item);
        if (!productLoop) {
          await runSteps(step.steps, doc, inner, options, label);
          continue;
        }
        if (options.beforeItem && !(await options.beforeItem(item))) throw new Stopped();
        const [outcome, reason] = await productTurn(step.steps, doc, inner, options, label);
        await options.onItem?.(item, outcome, reason);
      }
      return;
    }
    case 'assert':
      if (!holds(step.that, doc, names)) throw new StepFailure(step.message ? textOf(step.message, names) || '条件不成立' : '条件不成立');
      return;
    case 'report':
      if (step.when && !holds(step.when, doc, names)) return;
      throw new Reported(step.status, step.message ? textOf(step.message, names) : '', step.item);
  }
}

const stepLabel = (parent: string, index: number, name: string) => `${parent ? `${parent}中的` : ''}第 ${index + 1} 步（${name}）`;

async function runSteps(steps: readonly Step[], doc: Document, names: Names, options: StepOptions, parent: string): Promise<void> {
  for (const [index, step] of steps.entries()) {
    const label = stepLabel(parent, index, step.step);
    try {
      await runStep(step, doc, names, options, label);
    } catch (error) {
      const failure =
        error instanceof StepFailure
          ? // An assert's own message is what the user reads; any other failure names the step.
            new Reported('fail', step.step === 'assert' && step.message ? error.message : `${label}：${error.message}`)
          : error;
      if (failure instanceof Reported && failure.status === 'fail' && !parent) failure.step ??= { index: index + 1, name: step.step };
      throw failure;
    }
  }
}

/**
 * One product's turn of a join's product loop: its steps, ended by the last step (joined), a `report`
 * (joined, already joined, or failed with its message) or a failing step (failed, the step named).
 */
async function productTurn(
  steps: readonly Step[],
  doc: Document,
  names: Names,
  options: StepOptions,
  label: string,
): Promise<[ReportedItemOutcome, string?]> {
  try {
    await runSteps(steps, doc, names, options, label);
    return ['joined'];
  } catch (error) {
    if (!(error instanceof Reported)) throw error;
    if (error.status === 'fail') return ['failed', error.message || '加入失败'];
    return [error.item ?? 'joined'];
  }
}

/** Runs `script` on `doc`. Ends at a `report`, an `open`, a failing step or the last step (success). */
export async function runActionScript(script: ActionScript, doc: Document, runOptions: RunOptions): Promise<RunOutcome> {
  const options: StepOptions = { ...runOptions, flow: script.flow };
  // The sandbox again, whatever the script set's check let through: the script whole, then the page it is on.
  const refused =
    scriptProblemAt('action', script, options.sites)?.message ??
    urlSiteProblem(options.pageUrl ?? doc.location.href, script.flow, options.sites);
  if (refused) return { status: 'fail', message: `脚本未通过插件的安全检查，未运行：${refused}`, results: {} };
  const names: Names = new Map();
  for (const [key, value] of Object.entries(options.data)) if (value !== undefined) names.set(key, value);
  const dataKeys = new Set(names.keys());
  const results = () =>
    Object.fromEntries([...names].filter(([key, value]) => !dataKeys.has(key) && typeof value === 'string')) as Record<string, string>;
  try {
    await runSteps(script.steps, doc, names, options, '');
    return { status: 'success', message: '', results: results() };
  } catch (error) {
    if (error instanceof Reported) {
      return { status: error.status, message: error.message, results: results(), ...(error.step ? { failedStep: error.step } : {}) };
    }
    if (error instanceof Stopped) return { status: 'stopped', message: '', results: results() };
    if (error instanceof Opened) {
      (options.navigate ?? ((url: string) => doc.defaultView?.location.assign(url)))(error.url);
      return { status: 'success', message: '', results: results(), openedUrl: error.url };
    }
    return { status: 'fail', message: `脚本运行出错：${error instanceof Error ? error.message : String(error)}`, results: results() };
  }
}
