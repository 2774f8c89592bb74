import { findJsonSyntaxError, lineAndColumn } from '#contract/jsonSyntax';
import { formatBytes, scriptContentProblem } from '#contract/content';

const valid = [
  '{}',
  '[]',
  ' \n\t{"a": [1, -2.5e+3, 0, 0.1, 1E9, true, false, null, "x\\u00e9\\n\\"", {"b": {}}]}\r\n',
  '"text"',
  '0',
  '-0',
  '"emoji 😀 and 中文"',
];

const invalid: Array<[string, number, number]> = [
  ['', 1, 1],
  ['{', 1, 2],
  ['{"a": 1,}', 1, 9],
  ['[1, 2,]', 1, 7],
  ["{'a': 1}", 1, 2],
  ['{"a" 1}', 1, 6],
  ['{\n  "a": 01\n}', 2, 9],
  ['{"a": .5}', 1, 7],
  ['{"a": 1.}', 1, 7],
  ['{"a": 1e}', 1, 7],
  ['{"a": tru}', 1, 10],
  ['{"a": "\\x"}', 1, 8],
  ['{"a": "\\u12G4"}', 1, 8],
  ['{"a": "line\nbreak"}', 1, 12],
  ['{"a": "open', 1, 12],
  ['{"a": 1} x', 1, 10],
  ['{"a": NaN}', 1, 7],
  ['[1 2]', 1, 4],
  ['\uFEFF{}', 1, 1],
  ['{\n  "steps": [\n    { "action": "click" },\n  ]\n}', 4, 3],
];

describe('findJsonSyntaxError', () => {
  it.each(valid)('accepts what JSON.parse accepts: %j', (text) => {
    expect(() => JSON.parse(text)).not.toThrow();
    expect(findJsonSyntaxError(text)).toBeNull();
  });

  it.each(invalid)('refuses what JSON.parse refuses, at the right place: %j', (text, line, column) => {
    expect(() => JSON.parse(text)).toThrow();
    expect(findJsonSyntaxError(text)).toMatchObject({ line, column, reason: expect.any(String) });
  });

  it('counts lines on \\n and columns in code units', () => {
    expect(lineAndColumn('ab\ncd\r\nef', 8)).toEqual({ line: 3, column: 2 });
    expect(lineAndColumn('x', 0)).toEqual({ line: 1, column: 1 });
  });

  it('does not overflow the stack on deep nesting', () => {
    expect(findJsonSyntaxError('['.repeat(10_000))).toMatchObject({ reason: expect.stringMatching(/嵌套层级/) });
  });
});

describe('scriptContentProblem', () => {
  it('names the line and column of a syntax error, then checks the step language of the kind', () => {
    expect(scriptContentProblem('action', '{"a": }', { testSites: false })).toBe('第 1 行第 7 列：此处应为值，实际为“}”');
    expect(scriptContentProblem('action', '"text"', { testSites: false })).toBe(
      '第 1 行：动作脚本应为对象：{"flow": "bind", "steps": [...]}',
    );
    expect(scriptContentProblem('url', ' [1]', { testSites: false })).toBe('第 1 行：链接脚本应为对象：{"links": [...]}');
    expect(
      scriptContentProblem('action', '{"flow": "stop", "steps": [{"step": "click", "selector": "#stop"}]}', { testSites: false }),
    ).toBeNull();
  });
});

describe('formatBytes', () => {
  it('shows sizes in the largest whole unit', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2 KB');
    expect(formatBytes(10 * 1024 * 1024)).toBe('10 MB');
    expect(formatBytes(1536 * 1024)).toBe('1.5 MB');
  });
});
