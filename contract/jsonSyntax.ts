/**
 * Where a JSON text is wrong, as line and column, identically in every browser and Node version.
 * `JSON.parse` messages differ between engines and versions (some carry a position, some do not),
 * so this is a small strict RFC 8259 scanner that stops at the first error; it accepts exactly
 * what `JSON.parse` accepts.
 */

export interface JsonSyntaxError {
  /** 0-based offset in UTF-16 code units (CodeMirror's positions). */
  offset: number;
  /** 1-based. */
  line: number;
  /** 1-based, in UTF-16 code units. */
  column: number;
  /** Chinese, without the position. */
  reason: string;
}

class Stop {
  constructor(
    readonly offset: number,
    readonly reason: string,
  ) {}
}

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);
const MAX_DEPTH = 512;

const shown = (char: string | undefined) => (char === undefined ? '结尾' : `“${char}”`);

function scan(text: string): void {
  let at = 0;

  const skipWhitespace = () => {
    while (at < text.length && WHITESPACE.has(text[at])) at += 1;
  };
  const unexpected = (expected: string): Stop =>
    at >= text.length ? new Stop(at, `JSON 意外结束，此处应为${expected}`) : new Stop(at, `此处应为${expected}，实际为${shown(text[at])}`);

  const literal = (word: string) => {
    for (let index = 0; index < word.length; index += 1) {
      if (text[at + index] !== word[index]) {
        at += index;
        throw at >= text.length ? new Stop(at, 'JSON 意外结束') : new Stop(at, `无效的字面量，实际为${shown(text[at])}`);
      }
    }
    at += word.length;
  };

  const string = () => {
    at += 1; // opening quote
    for (;;) {
      if (at >= text.length) throw new Stop(at, '字符串缺少结束引号');
      const char = text[at];
      if (char === '"') {
        at += 1;
        return;
      }
      if (char < ' ') throw new Stop(at, '字符串中不能有未转义的控制字符（如换行）');
      if (char === '\\') {
        const next = text[at + 1];
        if (next === 'u') {
          for (let index = 2; index < 6; index += 1) {
            if (!/[0-9a-fA-F]/.test(text[at + index] ?? '')) throw new Stop(at, '无效的 \\u 转义序列');
          }
          at += 6;
          continue;
        }
        if (next === undefined || !ESCAPES.has(next)) throw new Stop(at, '无效的转义序列');
        at += 2;
        continue;
      }
      at += 1;
    }
  };

  const digits = () => {
    const start = at;
    while (at < text.length && text[at] >= '0' && text[at] <= '9') at += 1;
    return at - start;
  };

  const number = () => {
    const start = at;
    if (text[at] === '-') at += 1;
    if (text[at] === '0') at += 1;
    else if (digits() === 0) throw new Stop(start, '无效的数字');
    if (text[at] === '.') {
      at += 1;
      if (digits() === 0) throw new Stop(start, '无效的数字：小数点后应有数字');
    }
    if (text[at] === 'e' || text[at] === 'E') {
      at += 1;
      if (text[at] === '+' || text[at] === '-') at += 1;
      if (digits() === 0) throw new Stop(start, '无效的数字：指数应有数字');
    }
  };

  const value = (depth: number): void => {
    if (depth > MAX_DEPTH) throw new Stop(at, `嵌套层级超过 ${MAX_DEPTH}`);
    skipWhitespace();
    const char = text[at];
    if (char === '{') return object(depth);
    if (char === '[') return array(depth);
    if (char === '"') return string();
    if (char === '-' || (char >= '0' && char <= '9')) return number();
    if (char === 't') return literal('true');
    if (char === 'f') return literal('false');
    if (char === 'n') return literal('null');
    throw unexpected('值');
  };

  const object = (depth: number) => {
    at += 1;
    skipWhitespace();
    if (text[at] === '}') {
      at += 1;
      return;
    }
    for (;;) {
      skipWhitespace();
      if (text[at] !== '"') throw unexpected('属性名（双引号字符串）');
      string();
      skipWhitespace();
      if (text[at] !== ':') throw unexpected('“:”');
      at += 1;
      value(depth + 1);
      skipWhitespace();
      if (text[at] === ',') {
        at += 1;
        continue;
      }
      if (text[at] === '}') {
        at += 1;
        return;
      }
      throw unexpected('“,” 或 “}”');
    }
  };

  const array = (depth: number) => {
    at += 1;
    skipWhitespace();
    if (text[at] === ']') {
      at += 1;
      return;
    }
    for (;;) {
      value(depth + 1);
      skipWhitespace();
      if (text[at] === ',') {
        at += 1;
        continue;
      }
      if (text[at] === ']') {
        at += 1;
        return;
      }
      throw unexpected('“,” 或 “]”');
    }
  };

  skipWhitespace();
  if (at >= text.length) throw new Stop(at, '内容为空');
  value(0);
  skipWhitespace();
  if (at < text.length) throw new Stop(at, `JSON 已结束，多余的内容${shown(text[at])}`);
}

/** 1-based line and column of a 0-based offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let index = 0; index < offset && index < text.length; index += 1) {
    if (text[index] === '\n') {
      line += 1;
      lineStart = index + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/** The first syntax error of `text`, or null when it is valid JSON. */
export function findJsonSyntaxError(text: string): JsonSyntaxError | null {
  try {
    scan(text);
    return null;
  } catch (error) {
    if (!(error instanceof Stop)) throw error;
    return { offset: error.offset, ...lineAndColumn(text, error.offset), reason: error.reason };
  }
}

/** `第 3 行第 7 列：<reason>` */
export const describeJsonError = (error: Pick<JsonSyntaxError, 'line' | 'column' | 'reason'>) =>
  `第 ${error.line} 行第 ${error.column} 列：${error.reason}`;
