/**
 * The console build's ProField replacements (config/proField.ts): no screen uses a value type the
 * build leaves out, and a date shown in a table reads exactly as ProField's own date field shows it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { render } from '@testing-library/react';
import RealDatePicker from '@ant-design/pro-field/es/components/DatePicker';
import { PRO_FIELD_LEFT_OUT } from '../../config/proField';
import FieldDatePicker from '../../stand-ins/proFieldDates/DatePicker';

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith('.umi') ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe('ProField value types left out of the build', () => {
  const sources = sourceFiles(path.resolve(__dirname, '../../src')).map((file) => ({ file, text: fs.readFileSync(file, 'utf8') }));

  it('are used by no screen, as a column valueType or as a form field', () => {
    const uses: string[] = [];
    for (const [component, { valueType, formField }] of Object.entries(PRO_FIELD_LEFT_OUT)) {
      const asValueType = new RegExp(`valueType[=:]\\s*\\{?\\s*['"]${valueType}['"]`);
      for (const { file, text } of sources) {
        if (asValueType.test(text)) uses.push(`${path.relative(process.cwd(), file)}: valueType ${valueType} (${component})`);
        if (formField && new RegExp(`\\b${formField}\\b`).test(text)) uses.push(`${path.relative(process.cwd(), file)}: ${formField}`);
      }
    }
    expect(uses).toEqual([]);
  });

  it('would be found: the scan sees the value types the screens do use', () => {
    const all = sources.map(({ text }) => text).join('\n');
    expect(all).toMatch(/valueType: 'dateTime'/);
    expect(all).toMatch(/\bProFormDigit\b/);
  });
});

describe('the date field in read mode', () => {
  const cases: Array<[string, Record<string, unknown>]> = [
    ['a date-time', { text: '2026-11-23T08:30:05.000Z', format: 'YYYY-MM-DD HH:mm:ss' }],
    ['the default format', { text: '2026-01-02T00:00:00.000Z' }],
    ['a format list', { text: '2026-03-04T05:06:07.000Z', format: ['YYYY/MM/DD', 'YYYY'] }],
    ['fieldProps.format first', { text: '2026-03-04T05:06:07.000Z', format: 'YYYY', fieldProps: { format: 'MM-DD' } }],
    ['no value', { text: null, format: 'YYYY-MM-DD' }],
    ['a render', { text: '2026-03-04T05:06:07.000Z', render: (_text: unknown, _props: unknown, dom: React.ReactNode) => <b>[{dom}]</b> }],
  ];

  it.each(cases)('shows %s as ProField does, without loading the picker', (_name, props) => {
    const shown = render(<FieldDatePicker mode="read" fieldProps={{}} {...props} />).container.textContent;
    const real = render(<RealDatePicker mode="read" fieldProps={{}} {...(props as { text: string; format: string })} />).container
      .textContent;
    expect(shown).toBe(real);
    expect(shown).not.toBe('');
  });
});
